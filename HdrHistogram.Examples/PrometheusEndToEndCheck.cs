using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Net.Http;
using System.Text.Json;
using System.Threading.Tasks;
using HdrHistogram.Prometheus.NativeHistograms;

namespace HdrHistogram.Examples;

/// <summary>
/// The end-to-end check eng/prometheus-e2e.sh runs: waits until every example instance has finished its load and been
/// scraped since, merges the instances' running totals with <see cref="HistogramBase.Add"/>, and compares what a real
/// Prometheus answers (native series from job <c>native</c>, classic series from job <c>classic</c>) with the merged
/// histogram. Exit code 0 when every comparison holds.
/// </summary>
internal static class PrometheusEndToEndCheck
{
    /// <summary>The quantiles both checks against Prometheus compare (this one and <see cref="PrometheusPushExample"/>).</summary>
    internal static readonly double[] Quantiles = { 0.5, 0.9, 0.99, 0.999 };

    public static async Task<int> RunAsync(string[] args)
    {
        string prometheus = Option(args, "--prometheus", "http://127.0.0.1:9090");
        string[] instances = Option(args, "--instances", "").Split(',', StringSplitOptions.RemoveEmptyEntries);
        string metric = PrometheusExampleService.MetricName;
        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(10) };

        var deadline = DateTime.UtcNow.AddSeconds(120);
        foreach (string instance in instances)
        {
            while (true)
            {
                string status;
                try
                {
                    status = await http.GetStringAsync(new Uri(instance + "/debug/status")).ConfigureAwait(false);
                }
                catch (HttpRequestException e)
                {
                    status = "not answering: " + e.Message;
                }

                if (status.Contains("done=True", StringComparison.Ordinal) && SinceDone(status, "native") >= 2 && SinceDone(status, "text") >= 2)
                {
                    Console.WriteLine($"{instance}: {status}");
                    break;
                }

                if (DateTime.UtcNow > deadline)
                {
                    Console.WriteLine($"FAIL {instance} did not finish its load and get scraped: {status}");
                    return 1;
                }

                await Task.Delay(500).ConfigureAwait(false);
            }
        }

        // Prometheus stores the last scrape a moment after it answered it.
        await Task.Delay(1500).ConfigureAwait(false);
        HistogramBase? merged = null;
        var totals = new List<(string Instance, HistogramBase Total)>();
        foreach (string instance in instances)
        {
            var total = HistogramEncoding.DecodeFromBase64(await http.GetStringAsync(new Uri(instance + "/debug/histogram")).ConfigureAwait(false));
            totals.Add((instance, total));
            if (merged is null)
            {
                merged = total.Copy();
            }
            else
            {
                merged.Add(total);
            }
        }

        if (merged is null)
        {
            Console.WriteLine("FAIL no instances given (--instances url1,url2)");
            return 1;
        }

        int failures = 0;
        void Check(bool ok, string line)
        {
            Console.WriteLine((ok ? "ok   " : "FAIL ") + line);
            failures += ok ? 0 : 1;
        }

        double bound = NativeHistogramSchema.MaxRelativeQuantileError(NativeHistogramSchema.ForSubBucketCount(merged.SubBucketCount), merged.SubBucketCount);
        const double scale = 1e-9;
        string native = $"{metric}{{job=\"native\"}}";
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"merged: {merged.TotalCount} values from {instances.Length} instances; native bound {bound:P3}"));

        double count = await Scalar(http, prometheus, $"histogram_count(sum({native}))").ConfigureAwait(false);
        Check(count == merged.TotalCount, Line("histogram_count(sum(x)) = {0} (merged {1})", count, merged.TotalCount));
        double sum = await Scalar(http, prometheus, $"histogram_sum(sum({native}))").ConfigureAwait(false);
        double expectedSum = merged.GetMean() * merged.TotalCount * scale;
        Check(Math.Abs(sum - expectedSum) <= 1e-9 * expectedSum, Line("histogram_sum(sum(x)) = {0} (merged {1})", sum, expectedSum));
        // rate() extrapolates each instance's increase by its own factor (its samples' spacing and distance to the
        // window's ends), so sum(rate(...)) weighs the instances by slightly different factors. Evaluated after the
        // last samples (a time ahead of them), the factors are 1 + about 1/(2·samples) each; the reference below
        // applies each instance's measured factor (its rate count over its true count) to its histogram.
        string at = "&time=" + (DateTimeOffset.UtcNow.ToUnixTimeMilliseconds() / 1000.0 + 10).ToString("F3", CultureInfo.InvariantCulture);
        var factors = new List<double>();
        foreach (var (instance, total) in totals)
        {
            string target = new Uri(instance).Authority;
            double instanceRate = await Scalar(http, prometheus, $"histogram_count(rate({metric}{{job=\"native\",instance=\"{target}\"}}[5m]))", at).ConfigureAwait(false);
            factors.Add(instanceRate / total.TotalCount);
            Console.WriteLine(Line("{0}: rate extrapolation factor {1:F5} (rate {2}/s over 300 s for {3} values)", target, instanceRate / total.TotalCount * 300, instanceRate, total.TotalCount));
        }

        double rateCount = await Scalar(http, prometheus, $"histogram_count(sum(rate({native}[5m])))", at).ConfigureAwait(false);
        double rateSum = await Scalar(http, prometheus, $"histogram_sum(sum(rate({native}[5m])))", at).ConfigureAwait(false);
        double weightedMean = totals.Select((t, i) => factors[i] * t.Total.GetMean() * t.Total.TotalCount).Sum()
            / totals.Select((t, i) => factors[i] * t.Total.TotalCount).Sum() * scale;
        double mergedMean = merged.GetMean() * scale;
        Check(rateCount > 0 && Math.Abs((rateSum / rateCount) - mergedMean) <= bound * mergedMean, Line("histogram_sum/histogram_count of sum(rate(x[5m])) = {0} (merged mean {1}, within the bound: rate weighs each instance by its own extrapolation; weighted by the measured factors {2})", rateSum / rateCount, mergedMean, weightedMean));

        // The rank Prometheus looks for is q of the extrapolated total, in float arithmetic: it may land a count or two
        // to either side of q·n, and in a sparse tail a neighbouring rank is a distant value. So each reference is the
        // range of values between the ranks the answer may stand for, widened by the bound.
        long n = merged.TotalCount;
        double rankSlack = 2.0 / n;
        // Unequal rate factors move a value's cumulative fraction (and the fraction above it) by at most their ratio.
        double factorRatio = factors.Max() / factors.Min();
        var instanceTotals = totals.Select(t => t.Total).ToList();
        var ones = factors.Select(_ => 1.0).ToList();
        foreach (double q in Quantiles)
        {
            double answer = await Scalar(http, prometheus, string.Create(CultureInfo.InvariantCulture, $"histogram_quantile({q}, sum(rate({native}[5m])))"), at).ConfigureAwait(false);
            // What Prometheus computes is the quantile of the instances weighted by their rate factors.
            var (weightedLow, weightedHigh) = (
                WeightedQuantile(instanceTotals, factors, q - rankSlack) * scale,
                WeightedQuantile(instanceTotals, factors, q + rankSlack) * scale);
            Check(Within(answer, weightedLow, weightedHigh, bound), Line("native  q={0}: prometheus {1}, the instances weighted by the measured rate factors {2} to {3} (ranks q·n ± 2), bound {4:P3}", q, answer, weightedLow, weightedHigh, bound));
            // Against the histogram merged by Add: the weighting may move q to any fraction between these.
            double lowQ = Math.Max(q / factorRatio, 1 - ((1 - q) * factorRatio)) - rankSlack;
            double highQ = Math.Min(q * factorRatio, 1 - ((1 - q) / factorRatio)) + rankSlack;
            var (mergedLow, mergedHigh) = (
                WeightedQuantile(instanceTotals, ones, lowQ) * scale,
                WeightedQuantile(instanceTotals, ones, highQ) * scale);
            double expected = merged.GetValueAtPercentile(q * 100) * scale;
            Check(Within(answer, mergedLow, mergedHigh, bound), Line("native  q={0}: prometheus {1}, merged by Add {2}, {3} to {4} at the fractions {5:F5} to {6:F5} the rate factors' ratio {7:F5} allows, bound {8:P3}", q, answer, expected, mergedLow, mergedHigh, lowQ, highQ, factorRatio, bound));
        }

        // Classic series (text format): the cumulative bucket counts are exact, and histogram_quantile lands in the
        // classic bucket that holds the merged histogram's quantile.
        string bucket = $"{metric}_bucket{{job=\"classic\"}}";
        var buckets = (await Vector(http, prometheus, $"sum by (le) ({bucket})").ConfigureAwait(false))
            .Select(r => (Le: ParseLe(r.Labels["le"]), Count: r.Value))
            .OrderBy(b => b.Le)
            .ToList();
        Check(buckets.Count > 2, Line("classic buckets: {0}", buckets.Count));
        foreach (var (le, value) in buckets)
        {
            long expected = 0;
            foreach (var b in merged.EnumerateRecordedBuckets())
            {
                if (b.LowestEquivalentValue * scale <= le)
                {
                    expected += b.Count;
                }
            }

            if (value != expected || le == double.PositiveInfinity)
            {
                Check(value == expected, Line("classic le={0}: {1} (merged {2})", le, value, expected));
            }
        }

        double classicCount = await Scalar(http, prometheus, $"sum({metric}_count{{job=\"classic\"}})").ConfigureAwait(false);
        Check(classicCount == merged.TotalCount, Line("classic _count = {0} (merged {1})", classicCount, merged.TotalCount));
        double classicSum = await Scalar(http, prometheus, $"sum({metric}_sum{{job=\"classic\"}})").ConfigureAwait(false);
        Check(Math.Abs(classicSum - expectedSum) <= 1e-9 * expectedSum, Line("classic _sum = {0} (merged {1})", classicSum, expectedSum));
        foreach (double q in Quantiles)
        {
            double answer = await Scalar(http, prometheus, string.Create(CultureInfo.InvariantCulture, $"histogram_quantile({q}, sum by (le) (rate({bucket}[5m])))")).ConfigureAwait(false);
            double expected = merged.GetValueAtPercentile(q * 100) * scale;
            double low = merged.LowestEquivalentValue(merged.GetValueAtPercentile(q * 100)) * scale;
            int k = buckets.FindIndex(b => b.Le >= low);
            double lower = k > 0 ? buckets[k - 1].Le : 0;
            double upper = buckets[k].Le;
            Check(answer >= lower && answer <= upper, Line("classic q={0}: prometheus {1}, merged {2}, in its bucket ({3}, {4}]", q, answer, expected, lower, upper));
        }

        Console.WriteLine(failures == 0 ? "PASS prometheus end-to-end" : $"FAIL prometheus end-to-end: {failures} checks failed");
        return failures == 0 ? 0 : 1;
    }

    // The value at quantile q of the instances' histograms with each count multiplied by the instance's factor (HDR's
    // convention: the highest value of the bucket where the weighted cumulative count reaches q of the total).
    private static double WeightedQuantile(List<HistogramBase> histograms, List<double> factors, double q)
    {
        q = Math.Clamp(q, 0, 1);
        var buckets = new SortedDictionary<long, (long High, double Count)>();
        for (int i = 0; i < histograms.Count; i++)
        {
            foreach (var b in histograms[i].EnumerateRecordedBuckets())
            {
                buckets.TryGetValue(b.LowestEquivalentValue, out var existing);
                buckets[b.LowestEquivalentValue] = (b.HighestEquivalentValue, existing.Count + (b.Count * factors[i]));
            }
        }

        double total = buckets.Values.Sum(b => b.Count);
        double cumulative = 0;
        foreach (var (_, (high, count)) in buckets)
        {
            cumulative += count;
            if (cumulative >= q * total * (1 - 1e-12))
            {
                return high;
            }
        }

        return buckets.Last().Value.High;
    }

    // Whether value lies within the relative bound of the range [low, high].
    internal static bool Within(double value, double low, double high, double bound) => value >= low * (1 - bound) && value <= high * (1 + bound);

    private static int SinceDone(string status, string kind)
    {
        string key = kind + "_since_done=";
        int i = status.IndexOf(key, StringComparison.Ordinal);
        return i < 0 ? 0 : int.Parse(status.AsSpan(i + key.Length).ToString().Split(' ')[0], CultureInfo.InvariantCulture);
    }

    internal static string Line(string format, params object[] args) => string.Format(CultureInfo.InvariantCulture, format, args);

    private static double ParseLe(string le) => le == "+Inf" ? double.PositiveInfinity : double.Parse(le, CultureInfo.InvariantCulture);

    internal static async Task<double> Scalar(HttpClient http, string prometheus, string query, string at = "")
    {
        var results = await Vector(http, prometheus, query, at).ConfigureAwait(false);
        return results.Count == 1 ? results[0].Value : double.NaN;
    }

    private static async Task<List<(Dictionary<string, string> Labels, double Value)>> Vector(HttpClient http, string prometheus, string query, string at = "")
    {
        string json = await http.GetStringAsync(new Uri(prometheus + "/api/v1/query?query=" + Uri.EscapeDataString(query) + at)).ConfigureAwait(false);
        using var document = JsonDocument.Parse(json);
        var list = new List<(Dictionary<string, string>, double)>();
        foreach (var result in document.RootElement.GetProperty("data").GetProperty("result").EnumerateArray())
        {
            var labels = result.GetProperty("metric").EnumerateObject().ToDictionary(p => p.Name, p => p.Value.GetString() ?? "");
            string value = result.GetProperty("value")[1].GetString() ?? "NaN";
            list.Add((labels, double.Parse(value, NumberStyles.Float, CultureInfo.InvariantCulture)));
        }

        return list;
    }

    internal static string Option(string[] args, string name, string fallback)
    {
        int i = Array.IndexOf(args, name);
        return i >= 0 && i + 1 < args.Length ? args[i + 1] : fallback;
    }
}
