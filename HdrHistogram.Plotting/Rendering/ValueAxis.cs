using System;
using System.Collections.Generic;
using System.Linq;
using ScottPlot;

namespace HdrHistogram.Plotting.Rendering;

/// <summary>
/// The value (y) axis of a plot: linear from 0, or logarithmic, where values are drawn at log10(value) with ticks at
/// 1, 2 and 5 per decade (1 only, over many decades) labelled with the values themselves. Zeros (and anything below the
/// smallest positive value) sit on the axis' floor.
/// </summary>
internal sealed class ValueAxis
{
    private ValueAxis(bool log, double min, double max)
    {
        IsLog = log;
        Min = min;
        Max = max;
    }

    /// <summary>Whether the axis is logarithmic.</summary>
    public bool IsLog { get; }

    /// <summary>The smallest value shown (0 on a linear axis).</summary>
    public double Min { get; }

    /// <summary>The largest value shown.</summary>
    public double Max { get; }

    /// <summary>The axis for <paramref name="values"/>.</summary>
    public static ValueAxis For(IEnumerable<double> values, bool log)
    {
        var finite = values.Where(double.IsFinite).ToList();
        double max = finite.Count > 0 ? finite.Max() : 0;
        if (!log)
        {
            return new ValueAxis(false, 0, max > 0 ? max * 1.05 : 1);
        }

        var positive = finite.Where(v => v > 0).ToList();
        double min = positive.Count > 0 ? positive.Min() / 1.25 : 0.001;
        max = Math.Max(max, min * 10) * 1.25;
        return new ValueAxis(true, min, max);
    }

    /// <summary>Where <paramref name="value"/> is drawn.</summary>
    public double Map(double value) => IsLog ? Math.Log10(Math.Max(value, Min)) : value;

    /// <summary>The labelled ticks (value, label).</summary>
    public IReadOnlyList<(double Value, string Label)> Ticks()
    {
        var ticks = new List<(double, string)>();
        if (!IsLog)
        {
            return ticks;
        }

        int low = (int)Math.Floor(Math.Log10(Min));
        int high = (int)Math.Ceiling(Math.Log10(Max));
        double[] steps = high - low <= 3 ? new double[] { 1, 2, 5 } : new double[] { 1 };
        for (int decade = low; decade <= high; decade++)
        {
            foreach (double step in steps)
            {
                double value = step * Math.Pow(10, decade);
                if (value >= Min && value <= Max)
                {
                    ticks.Add((value, PlotRenderer.TickLabel(Math.Round(value, Math.Max(0, -decade) + 1))));
                }
            }
        }

        return ticks;
    }

    /// <summary>Sets the plot's y limits and, on a log axis, its ticks.</summary>
    public void Apply(Plot plot)
    {
        if (IsLog)
        {
            var ticks = Ticks();
            plot.Axes.Left.TickGenerator = new ScottPlot.TickGenerators.NumericManual(ticks.Select(t => Math.Log10(t.Value)).ToArray(), ticks.Select(t => t.Label).ToArray());
            plot.Axes.SetLimitsY(Math.Log10(Min), Math.Log10(Max));
        }
        else
        {
            plot.Axes.SetLimitsY(0, Max);
        }
    }
}
