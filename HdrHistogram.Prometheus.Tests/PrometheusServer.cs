using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Text;
using System.Text.Json;
using System.Threading;

namespace HdrHistogram.Prometheus.Tests;

/// <summary>
/// A real Prometheus (2.42, Debian's package: eng/install-prometheus.sh), started on a free port of 127.0.0.1 with a
/// folder of its own, taking remote write with native histograms; stopped and its folder deleted on dispose. As a class
/// fixture it starts on first use, so a class whose tests are skipped starts nothing.
/// </summary>
public sealed class PrometheusServer : IDisposable
{
    /// <summary>How long Prometheus may take to become ready (it takes about two seconds).</summary>
    public static readonly TimeSpan StartTimeout = TimeSpan.FromSeconds(60);

    private readonly object _gate = new();
    private readonly StringBuilder _log = new();
    private readonly HttpClient _http = new() { Timeout = TimeSpan.FromSeconds(30) };
    private Process? _process;
    private string? _folder;
    private int _port;

    /// <summary>The prometheus executable: $HDR_PROMETHEUS when it is set, else the first prometheus on PATH; null when that is no executable file.</summary>
    public static string? Executable { get; } = Find();

    /// <summary>Why <see cref="Executable"/> is null, for the tests that skip without Prometheus; null when it is not.</summary>
    public static string? MissingReason { get; } = Executable is not null ? null
        : string.IsNullOrEmpty(Environment.GetEnvironmentVariable("HDR_PROMETHEUS"))
            ? "prometheus not found (HDR_PROMETHEUS, or prometheus on PATH): run eng/install-prometheus.sh (Debian's prometheus package) to push to a real Prometheus"
            : $"HDR_PROMETHEUS is '{Environment.GetEnvironmentVariable("HDR_PROMETHEUS")}', which is not an executable file: unset it or point it at prometheus to push to a real Prometheus";

    /// <summary>The remote-write URL (starts Prometheus on first use).</summary>
    public string WriteUrl => BaseUrl + "/api/v1/write";

    /// <summary>The server's URL, e.g. http://127.0.0.1:PORT (starts Prometheus on first use).</summary>
    public string BaseUrl
    {
        get
        {
            EnsureStarted();
            return "http://127.0.0.1:" + _port.ToString(CultureInfo.InvariantCulture);
        }
    }

    /// <summary>What Prometheus printed so far (for failure messages).</summary>
    public string Log
    {
        get
        {
            lock (_log)
            {
                return _log.ToString();
            }
        }
    }

    /// <summary>The instant vector <paramref name="query"/> evaluates to, now or at <paramref name="atMs"/> (ms since the epoch): each result's labels and value.</summary>
    public List<(Dictionary<string, string> Labels, double Value)> Query(string query, long? atMs = null)
    {
        string at = atMs is { } ms ? "&time=" + (ms / 1000.0).ToString("0.000", CultureInfo.InvariantCulture) : string.Empty;
        using var document = Get("/api/v1/query?query=" + Uri.EscapeDataString(query) + at);
        return document.RootElement.GetProperty("data").GetProperty("result").EnumerateArray()
            .Select(r => (
                r.GetProperty("metric").EnumerateObject().ToDictionary(p => p.Name, p => p.Value.GetString() ?? string.Empty),
                double.Parse(r.GetProperty("value")[1].GetString()!, NumberStyles.Float, CultureInfo.InvariantCulture)))
            .ToList();
    }

    /// <summary>The one value <paramref name="query"/> evaluates to, now or at <paramref name="atMs"/>.</summary>
    /// <exception cref="InvalidOperationException">It gives no result or several.</exception>
    public double Scalar(string query, long? atMs = null)
    {
        var results = Query(query, atMs);
        return results.Count == 1 ? results[0].Value : throw new InvalidOperationException(query + " gave " + results.Count + " results");
    }

    /// <summary>The native-histogram samples of the one series <paramref name="selector"/> selects in the last <paramref name="range"/>: each sample's time (ms) and count.</summary>
    public List<(long TimestampMs, long Count)> HistogramSamples(string selector, string range)
    {
        using var document = Get("/api/v1/query?query=" + Uri.EscapeDataString(selector + "[" + range + "]"));
        var series = document.RootElement.GetProperty("data").GetProperty("result").EnumerateArray().ToList();
        if (series.Count != 1)
        {
            throw new InvalidOperationException(selector + " selects " + series.Count + " series");
        }

        return series[0].GetProperty("histograms").EnumerateArray()
            .Select(s => (
                (long)Math.Round(s[0].GetDouble() * 1000),
                long.Parse(s[1].GetProperty("count").GetString()!, CultureInfo.InvariantCulture)))
            .ToList();
    }

    public void Dispose()
    {
        _http.Dispose();
        if (_process is not null)
        {
            try
            {
                _process.Kill(entireProcessTree: true);
                _process.WaitForExit(10_000);
            }
            catch (InvalidOperationException)
            {
                // It had exited.
            }

            _process.Dispose();
        }

        if (_folder is not null)
        {
            try
            {
                Directory.Delete(_folder, recursive: true);
            }
            catch (IOException)
            {
            }
        }
    }

    private JsonDocument Get(string pathAndQuery)
    {
        string json = _http.GetStringAsync(new Uri(BaseUrl + pathAndQuery)).GetAwaiter().GetResult();
        return JsonDocument.Parse(json);
    }

    private void EnsureStarted()
    {
        lock (_gate)
        {
            if (_process is not null)
            {
                return;
            }

            string executable = Executable ?? throw new InvalidOperationException(MissingReason);
            _folder = Path.Combine(Path.GetTempPath(), "hdr-prometheus-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(_folder);
            string config = Path.Combine(_folder, "prometheus.yml");
            File.WriteAllText(config, "global:\n  scrape_interval: 15s\n");
            _port = LoopbackPort.Free();
            var start = new ProcessStartInfo(executable)
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
            };
            start.ArgumentList.Add("--config.file=" + config);
            start.ArgumentList.Add("--storage.tsdb.path=" + Path.Combine(_folder, "data"));
            start.ArgumentList.Add("--web.listen-address=127.0.0.1:" + _port.ToString(CultureInfo.InvariantCulture));
            start.ArgumentList.Add("--web.enable-remote-write-receiver");
            start.ArgumentList.Add("--enable-feature=native-histograms");
            start.ArgumentList.Add("--log.level=warn");
            var process = Process.Start(start) ?? throw new InvalidOperationException("prometheus did not start: " + executable);
            process.OutputDataReceived += (_, e) => Append(e.Data);
            process.ErrorDataReceived += (_, e) => Append(e.Data);
            process.BeginOutputReadLine();
            process.BeginErrorReadLine();
            _process = process;

            var clock = Stopwatch.StartNew();
            string ready = "http://127.0.0.1:" + _port.ToString(CultureInfo.InvariantCulture) + "/-/ready";
            while (true)
            {
                try
                {
                    using var response = _http.GetAsync(new Uri(ready)).GetAwaiter().GetResult();
                    if (response.StatusCode == HttpStatusCode.OK)
                    {
                        return;
                    }
                }
                catch (HttpRequestException)
                {
                    // Not listening yet.
                }

                if (process.HasExited || clock.Elapsed > StartTimeout)
                {
                    throw new InvalidOperationException("prometheus did not become ready within " + StartTimeout.TotalSeconds + " s (exited: " + process.HasExited + "); its log:\n" + Log);
                }

                Thread.Sleep(100);
            }
        }
    }

    private void Append(string? line)
    {
        if (line is null)
        {
            return;
        }

        lock (_log)
        {
            _log.Append(line).Append('\n');
        }
    }

    private static string? Find()
    {
        string? configured = Environment.GetEnvironmentVariable("HDR_PROMETHEUS");
        if (!string.IsNullOrEmpty(configured))
        {
            return IsExecutable(configured) ? configured : null;
        }

        return (Environment.GetEnvironmentVariable("PATH") ?? string.Empty)
            .Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Select(dir => Path.Combine(dir, "prometheus"))
            .FirstOrDefault(IsExecutable);
    }

    private static bool IsExecutable(string path)
        => File.Exists(path) && (OperatingSystem.IsWindows()
            || (File.GetUnixFileMode(path) & (UnixFileMode.UserExecute | UnixFileMode.GroupExecute | UnixFileMode.OtherExecute)) != 0);
}
