using System;
using System.Collections.Generic;
using HdrHistogram;

namespace Compat250.Behaviour;

/// <summary>Handing a recorder a histogram to recycle that it did not hand out.</summary>
internal static class RecorderScenarios
{
    public static IEnumerable<KeyValuePair<string, Func<string>>> All()
    {
        foreach (var recorder in Histograms.Recorders())
        {
            var create = recorder.Value;
            yield return Histograms.Pair<Func<string>>("recycle " + recorder.Key + " a new LongHistogram", () =>
            {
                var r = create();
                r.RecordValue(5);
                return Histograms.Describe(r.GetIntervalHistogram(new LongHistogram(1, Histograms.Highest, 3)), 5);
            });
            yield return Histograms.Pair<Func<string>>("recycle " + recorder.Key + " another recorder's interval", () =>
            {
                var r = create();
                r.RecordValue(5);
                var other = create();
                return Histograms.Describe(r.GetIntervalHistogram(other.GetIntervalHistogram()), 5);
            });
            yield return Histograms.Pair<Func<string>>("recycle " + recorder.Key + " its own interval", () =>
            {
                var r = create();
                r.RecordValue(5);
                var first = r.GetIntervalHistogram();
                r.RecordValue(7);
                return Histograms.Describe(r.GetIntervalHistogram(first), 7);
            });
            yield return Histograms.Pair<Func<string>>("recycle " + recorder.Key + " null", () =>
            {
                var r = create();
                r.RecordValue(5);
                return Histograms.Describe(r.GetIntervalHistogram(null!), 5);
            });
            yield return Histograms.Pair<Func<string>>("into " + recorder.Key + " a new LongHistogram", () =>
            {
                var r = create();
                r.RecordValue(5);
                var target = new LongHistogram(1, Histograms.Highest, 3);
                r.GetIntervalHistogramInto(target);
                return Histograms.Describe(target, 5);
            });
        }
    }
}
