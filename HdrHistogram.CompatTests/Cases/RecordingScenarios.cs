using System;
using System.Collections.Generic;
using HdrHistogram;

namespace Compat250.Behaviour;

/// <summary>Recording a value outside the covered range (or negative), on every histogram type and through recorders.</summary>
internal static class RecordingScenarios
{
    public static IEnumerable<KeyValuePair<string, Func<string>>> All()
    {
        var values = new[] { Histograms.Pair("beyond", Histograms.BeyondRange), Histograms.Pair("negative", -1L) };
        foreach (var type in Histograms.Types())
        {
            var create = type.Value;
            foreach (var value in values)
            {
                long v = value.Value;
                yield return Scenario("record " + value.Key + " " + type.Key + ".RecordValue", () => { var h = create(); h.RecordValue(v); return h; });
                yield return Scenario("record " + value.Key + " " + type.Key + ".RecordValueWithCount", () => { var h = create(); h.RecordValueWithCount(v, 3); return h; });
                yield return Scenario("record " + value.Key + " " + type.Key + ".RecordValueWithExpectedInterval", () => { var h = create(); h.RecordValueWithExpectedInterval(v, 1000); return h; });
            }
        }

        foreach (var recorder in Histograms.Recorders())
        {
            var create = recorder.Value;
            foreach (var value in values)
            {
                long v = value.Value;
                yield return Scenario("record " + value.Key + " " + recorder.Key + ".RecordValue", () => { var r = create(); r.RecordValue(v); return r.GetIntervalHistogram(); });
                yield return Scenario("record " + value.Key + " " + recorder.Key + ".RecordValueWithCount", () => { var r = create(); r.RecordValueWithCount(v, 3); return r.GetIntervalHistogram(); });
                yield return Scenario("record " + value.Key + " " + recorder.Key + ".RecordValueWithExpectedInterval", () => { var r = create(); r.RecordValueWithExpectedInterval(v, 1000); return r.GetIntervalHistogram(); });
            }
        }
    }

    private static KeyValuePair<string, Func<string>> Scenario(string name, Func<HistogramBase> record)
        => Histograms.Pair<Func<string>>(name, () => "recorded, total " + record().TotalCount);
}
