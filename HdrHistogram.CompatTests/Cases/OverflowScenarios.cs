using System;
using System.Collections.Generic;
using HdrHistogram;

namespace Compat250.Behaviour;

/// <summary>Counts that do not fit a short or int count: recorded without an exception, reported by HasOverflowed.</summary>
internal static class OverflowScenarios
{
    public static IEnumerable<KeyValuePair<string, Func<string>>> All()
    {
        foreach (var type in Histograms.Types())
        {
            var create = type.Value;
            yield return Scenario("overflow " + type.Key + " max count then RecordValue", create, h => { h.RecordValueWithCount(5, Max(h)); h.RecordValue(5); });
            yield return Scenario("overflow " + type.Key + " max count then RecordValueWithCount", create, h => { h.RecordValueWithCount(5, Max(h)); h.RecordValueWithCount(5, 10); });
            yield return Scenario("overflow " + type.Key + " one count past the maximum", create, h => h.RecordValueWithCount(5, Max(h) + 1));
            yield return Scenario("overflow " + type.Key + " a count beyond int", create, h => h.RecordValueWithCount(5, 5_000_000_000));
            yield return Scenario("overflow " + type.Key + " RecordValueWithExpectedInterval", create, h => { h.RecordValueWithCount(5, Max(h)); h.RecordValueWithExpectedInterval(5, 1000); });
            yield return Scenario("overflow " + type.Key + " RecordValueWithExpectedInterval fills", create, h => { h.RecordValueWithCount(1000, Max(h)); h.RecordValueWithExpectedInterval(5000, 1000); });
            yield return Scenario("overflow " + type.Key + " Add", create, h =>
            {
                h.RecordValueWithCount(5, Max(h));
                var other = h.Copy();
                h.Add(other);
            });
        }

        foreach (var recorder in Histograms.Recorders())
        {
            var create = recorder.Value;
            yield return Histograms.Pair<Func<string>>("overflow " + recorder.Key + " max count then RecordValue", () =>
            {
                var r = create();
                r.RecordValueWithCount(5, short.MaxValue);
                r.RecordValueWithCount(5, int.MaxValue - short.MaxValue);
                r.RecordValue(5);
                r.RecordValueWithCount(5, 5_000_000_000);
                r.RecordValueWithExpectedInterval(5, 1);
                return Histograms.Describe(r.GetIntervalHistogram(), 5);
            });
        }
    }

    private static long Max(HistogramBase histogram)
        => histogram is ShortHistogram ? short.MaxValue : histogram is IntHistogram or IntConcurrentHistogram ? int.MaxValue : long.MaxValue - 100;

    private static KeyValuePair<string, Func<string>> Scenario(string name, Func<HistogramBase> create, Action<HistogramBase> record)
        => Histograms.Pair<Func<string>>(name, () =>
        {
            var histogram = create();
            record(histogram);
            return Histograms.Describe(histogram, 5);
        });
}
