using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using HdrHistogram.Plotting.Data;

namespace HdrHistogram.Plotting.Report;

/// <summary>
/// Two or more runs' tails side by side: for each series not from the baseline file, its p50, p90, p99, p99.9,
/// p99.99 and max next to those of the baseline series with the same tag (else the baseline's first series), and
/// the ratio run / baseline at each.
/// </summary>
public sealed class RunComparison
{
    /// <summary>The compared columns: name and the value of a summary.</summary>
    public static readonly IReadOnlyList<(string Name, Func<SeriesSummary, double> Value)> Columns = new (string, Func<SeriesSummary, double>)[]
    {
        ("p50", m => m.P50),
        ("p90", m => m.P90),
        ("p99", m => m.P99),
        ("p99.9", m => m.P999),
        ("p99.99", m => m.P9999),
        ("max", m => m.Max),
    };

    private RunComparison(IReadOnlyList<Pair> pairs, string baselineSource)
    {
        Pairs = pairs;
        BaselineSource = baselineSource;
    }

    /// <summary>The baseline file, as named on the command line.</summary>
    public string BaselineSource { get; }

    /// <summary>Each compared series with its baseline series.</summary>
    public IReadOnlyList<Pair> Pairs { get; }

    /// <summary>Compares every series not from <paramref name="baselineSource"/> with the baseline's series.</summary>
    /// <exception cref="ArgumentException">No series comes from <paramref name="baselineSource"/>, or none from another file.</exception>
    public static RunComparison Create(IReadOnlyList<LatencySeries> series, string baselineSource)
    {
        var baselines = series.Where(s => s.Source == baselineSource).ToList();
        if (baselines.Count == 0)
        {
            throw new ArgumentException("the baseline " + baselineSource + " is not one of the inputs", nameof(baselineSource));
        }

        var pairs = series.Where(s => s.Source != baselineSource)
            .Select(s => new Pair(baselines.FirstOrDefault(b => b.Tag == s.Tag) ?? baselines[0], s))
            .ToList();
        if (pairs.Count == 0)
        {
            throw new ArgumentException("nothing to compare with the baseline " + baselineSource + ": give another input", nameof(baselineSource));
        }

        return new RunComparison(pairs, baselineSource);
    }

    /// <summary>run / baseline at <paramref name="column"/> (<see cref="Columns"/>); NaN when the baseline value is 0.</summary>
    public static double Ratio(Pair pair, int column, ValueUnit unit)
    {
        double baseline = pair.Baseline.Scale(Columns[column].Value(pair.Baseline.Summary), unit);
        double run = pair.Run.Scale(Columns[column].Value(pair.Run.Summary), unit);
        return baseline > 0 ? run / baseline : double.NaN;
    }

    /// <summary>The ratio as printed: 3 decimals, "-" when undefined.</summary>
    public static string RatioText(double ratio) => double.IsNaN(ratio) ? "-" : ValueText.Fixed(ratio, 3);

    /// <summary>The comparison as a text table, values in <paramref name="unit"/> with 3 decimals.</summary>
    public string Text(IReadOnlyList<LatencySeries> all, ValueUnit unit)
    {
        var names = SeriesNames.Short(all);
        string Name(LatencySeries s) => names[IndexOf(all, s)];
        int width = Math.Max(12, Pairs.SelectMany(p => new[] { Name(p.Baseline), Name(p.Run) }).Max(n => n.Length) + 2);
        var text = new StringBuilder();
        text.Append("Baseline: ").Append(names[IndexOf(all, Pairs[0].Baseline)].Split(' ')[0]).Append(" (values in ").Append(unit.Label).Append("; ratio = run / baseline)\n");
        foreach (var group in Pairs.GroupBy(p => p.Baseline))
        {
            text.Append('\n').Append("Series".PadRight(width));
            foreach (var column in Columns)
            {
                text.Append(column.Name.PadLeft(12));
            }

            text.Append('\n');
            Row(text, Name(group.Key), width, Columns.Select(c => ValueText.Fixed(group.Key.Scale(c.Value(group.Key.Summary), unit), 3)));
            foreach (var pair in group)
            {
                Row(text, Name(pair.Run), width, Columns.Select(c => ValueText.Fixed(pair.Run.Scale(c.Value(pair.Run.Summary), unit), 3)));
                Row(text, "  ratio", width, Columns.Select((_, i) => RatioText(Ratio(pair, i, unit))));
            }
        }

        return text.ToString();
    }

    private static void Row(StringBuilder text, string name, int width, IEnumerable<string> cells)
    {
        text.Append(name.PadRight(width));
        foreach (string cell in cells)
        {
            text.Append(cell.PadLeft(12));
        }

        text.Append('\n');
    }

    private static int IndexOf(IReadOnlyList<LatencySeries> all, LatencySeries s)
    {
        for (int i = 0; i < all.Count; i++)
        {
            if (ReferenceEquals(all[i], s))
            {
                return i;
            }
        }

        throw new ArgumentException("series not among the inputs", nameof(s));
    }

    /// <summary>A run's series and the baseline series it is compared with.</summary>
    /// <param name="Baseline">The baseline series.</param>
    /// <param name="Run">The compared series.</param>
    public sealed record Pair(LatencySeries Baseline, LatencySeries Run);
}
