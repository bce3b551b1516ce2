using System;
using System.Collections.Generic;
using System.CommandLine;
using HdrHistogram.Prometheus.Exposition;
using HdrHistogram.Tool.Cli;

namespace HdrHistogram.Tool.Commands;

/// <summary><c>hdr push</c>: sends a histogram log to a Prometheus remote-write receiver as cumulative native histograms.</summary>
internal static class PushCommand
{
    private const string Description =
        "Reads the histogram log FILE (none or '-': standard input) in order and sends it by Prometheus remote write to "
        + "--url as native histograms: one series per tag (the untagged intervals: no tag label; tagged ones: tag=\"T\"; "
        + "--tag T: only that tag), named --name (default " + PushSettings.DefaultMetricName + "), with the --label "
        + "labels, values in seconds (recorded in --values-in, default ns). Each interval is added to its series' running "
        + "total, and the total is sent as a sample at the interval's end (the log's StartTime plus its end), or with "
        + "--now at that time shifted so that the last interval ends now. Samples go --batch to a request (default "
        + "100), in time order. Prometheus (2.42, started with --web.enable-remote-write-receiver "
        + "--enable-feature=native-histograms) takes a series' samples only in time order and only while they fit its "
        + "head block (about the last hour or two): older ones are refused, and --now pushes an old log as a recent one. "
        + "At the end: how many samples were accepted and refused; exit code 1 when any was refused.";

    private const string LabelNameRule = "letters, digits and underscores, not starting with a digit or '__', and not 'le'";

    /// <summary>Builds the <c>push</c> command.</summary>
    public static Command Create(ToolConsole console)
    {
        var file = ToolOptions.Files<string?>("the histogram log (default: standard input; a FILE with --now)", ArgumentArity.ZeroOrOne);
        var url = ToolOptions.Text("--url", "URL", "the receiver's remote-write URL, e.g. http://127.0.0.1:9090/api/v1/write");
        url.Required = true;
        var name = ToolOptions.Text("--name", "NAME", "the metric name (default " + PushSettings.DefaultMetricName + ")");
        var labels = new Option<string[]>("--label")
        {
            Description = "a label K=V of every series (repeatable)",
            HelpName = "K=V",
            Arity = ArgumentArity.OneOrMore,
            AllowMultipleArgumentsPerToken = false,
        };
        var tag = ToolOptions.Text("--tag", "T", "only the intervals with tag T ('': only the untagged intervals)");
        var valuesIn = ToolOptions.Text("--values-in", "U", "the unit the log's values were recorded in: ns (default, as jHiccup), us (as YCSB), ms or s");
        var now = ToolOptions.Flag("--now", "shift the samples' times so that the last interval ends now (to push a log older than the receiver takes)");
        var batch = ToolOptions.Long("--batch", "N", "samples per request (default " + PushSettings.DefaultBatch + ")", 1, 10_000, "a whole number from 1 to 10000");
        var timeout = ToolOptions.Double(
            "--timeout", "S", "seconds a request may take (default " + PushSettings.DefaultTimeout.TotalSeconds + ")", ToolOptions.IsPositive, "a positive number of seconds");
        var start = ToolOptions.Double(
            "--start", "S", "only intervals from S seconds after the log's StartTime (default 0, as hdr summary --start)", double.IsFinite, "a number of seconds");
        var end = ToolOptions.Double("--end", "E", "only intervals up to E seconds after the log's StartTime, as hdr summary --end", double.IsFinite, "a number of seconds");
        var strict = ToolOptions.Strict();
        var progress = ToolOptions.Progress();
        var command = new Command("push", Description) { file, url, name, labels, tag, valuesIn, now, batch, timeout, start, end, strict, progress };
        ToolCommandLine.SetRun(command, (result, cancellation) =>
        {
            string? path = result.GetValue(file);
            bool shift = result.GetValue(now);
            if (shift && Inputs.IsStandardInput(path))
            {
                throw ToolException.Usage("--now reads the log twice (its last interval first): give a FILE, not standard input");
            }

            string? unit = result.GetValue(valuesIn);
            var settings = new PushSettings
            {
                Path = path,
                Url = ParseUrl(result.GetValue(url)!),
                MetricName = CheckMetricName(result.GetValue(name) ?? PushSettings.DefaultMetricName),
                Labels = ParseLabels(result.GetValue(labels) ?? Array.Empty<string>()),
                Tag = result.GetValue(tag),
                ValuesIn = UnitOptions.Check("--values-in", unit ?? UnitOptions.DefaultValuesIn),
                ValuesInAssumed = unit is null,
                Now = shift,
                Batch = (int)(result.GetValue(batch) ?? PushSettings.DefaultBatch),
                Timeout = result.GetValue(timeout) is { } seconds ? TimeSpan.FromSeconds(seconds) : PushSettings.DefaultTimeout,
                StartSec = result.GetValue(start) ?? 0.0,
                EndSec = result.GetValue(end) ?? double.MaxValue,
                Strict = result.GetValue(strict),
                Progress = result.GetValue(progress),
                Cancellation = cancellation,
            };
            return PushRunner.Run(console, settings);
        });
        return command;
    }

    /// <summary>The --url value as an absolute http or https URL.</summary>
    /// <exception cref="ToolException">It is not one (a usage error).</exception>
    internal static Uri ParseUrl(string text)
    {
        if (Uri.TryCreate(text, UriKind.Absolute, out var uri) && (uri.Scheme == Uri.UriSchemeHttp || uri.Scheme == Uri.UriSchemeHttps))
        {
            return uri;
        }

        throw ToolException.Usage("--url '" + text + "' is not an absolute http or https URL (e.g. http://127.0.0.1:9090/api/v1/write)");
    }

    /// <summary>Checks the --name value.</summary>
    /// <exception cref="ToolException">It is not a Prometheus metric name (a usage error).</exception>
    internal static string CheckMetricName(string name)
    {
        if (!PrometheusNames.IsValidMetricName(name))
        {
            throw ToolException.Usage("--name '" + name + "' is not a Prometheus metric name (letters, digits, underscores and colons, not starting with a digit)");
        }

        return name;
    }

    /// <summary>The --label values as labels, in the order given.</summary>
    /// <exception cref="ToolException">One is not K=V with a valid name and a value, names one twice, or names <c>tag</c> (usage errors).</exception>
    internal static IReadOnlyList<KeyValuePair<string, string>> ParseLabels(IReadOnlyList<string> values)
    {
        var labels = new List<KeyValuePair<string, string>>();
        foreach (string text in values)
        {
            int equals = text.IndexOf('=', StringComparison.Ordinal);
            if (equals < 0)
            {
                throw ToolException.Usage("--label '" + text + "' is not K=V");
            }

            string key = text.Substring(0, equals);
            string value = text.Substring(equals + 1);
            if (!PrometheusNames.IsValidLabelName(key))
            {
                throw ToolException.Usage("--label '" + text + "': '" + key + "' is not a Prometheus label name (" + LabelNameRule + ")");
            }

            if (key == "tag")
            {
                throw ToolException.Usage("--label '" + text + "': the tag label is the log's tag, which hdr push gives the tagged series itself");
            }

            if (value.Length == 0)
            {
                throw ToolException.Usage("--label '" + text + "' has no value (Prometheus takes a label with an empty value for no label)");
            }

            if (labels.Exists(l => l.Key == key))
            {
                throw ToolException.Usage("--label '" + text + "': the label " + key + " is given twice");
            }

            labels.Add(new KeyValuePair<string, string>(key, value));
        }

        return labels;
    }
}
