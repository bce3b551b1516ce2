using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Net.Sockets;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;

namespace HdrHistogram.Prometheus.Tests;

/// <summary>
/// A real Prometheus (the <c>prometheus</c> on PATH, Debian's package: eng/install-prometheus.sh) started for a test as
/// a remote-write receiver with native histograms, on a free port and a temporary data folder; disposing stops it and
/// deletes the folder.
/// </summary>
public sealed class PrometheusServer : IAsyncDisposable
{
    private readonly Process _process;
    private readonly string _folder;
    private readonly HttpClient _http = new() { Timeout = TimeSpan.FromSeconds(10) };

    private PrometheusServer(Process process, string folder, int port)
    {
        _process = process;
        _folder = folder;
        BaseUrl = new Uri($"http://127.0.0.1:{port}/");
    }

    /// <summary>The path of <c>prometheus</c> on PATH, or null.</summary>
    public static string? Executable { get; } = (Environment.GetEnvironmentVariable("PATH") ?? string.Empty)
        .Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
        .Select(folder => Path.Combine(folder, "prometheus"))
        .FirstOrDefault(File.Exists);

    /// <summary>Why the tests that need Prometheus are skipped when it is missing.</summary>
    public static string MissingReason => "prometheus is not on PATH: run eng/install-prometheus.sh to run the tests against a real Prometheus";

    /// <summary>The server's address.</summary>
    public Uri BaseUrl { get; }

    /// <summary>The remote-write receiver's URL.</summary>
    public Uri RemoteWriteUrl => new(BaseUrl, "api/v1/write");

    /// <summary>Starts Prometheus and waits (up to 60 s) until it answers ready.</summary>
    public static async Task<PrometheusServer> StartAsync()
    {
        string executable = Executable ?? throw new InvalidOperationException(MissingReason);
        string folder = Directory.CreateTempSubdirectory("hdr-prometheus-").FullName;
        File.WriteAllText(Path.Combine(folder, "prometheus.yml"), "global:\n  scrape_interval: 15s\n");
        int port = FreePort();
        var start = new ProcessStartInfo(executable)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            ArgumentList =
            {
                "--config.file=" + Path.Combine(folder, "prometheus.yml"),
                "--storage.tsdb.path=" + Path.Combine(folder, "data"),
                $"--web.listen-address=127.0.0.1:{port}",
                "--web.enable-remote-write-receiver",
                "--enable-feature=native-histograms",
                "--log.level=warn",
            },
        };
        var process = Process.Start(start) ?? throw new InvalidOperationException("prometheus did not start");
        process.OutputDataReceived += (_, _) => { };
        process.ErrorDataReceived += (_, _) => { };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        var server = new PrometheusServer(process, folder, port);
        var deadline = DateTime.UtcNow.AddSeconds(60);
        while (true)
        {
            try
            {
                using var ready = await server._http.GetAsync(new Uri(server.BaseUrl, "-/ready"));
                if (ready.IsSuccessStatusCode)
                {
                    return server;
                }
            }
            catch (HttpRequestException)
            {
            }

            if (DateTime.UtcNow > deadline || process.HasExited)
            {
                await server.DisposeAsync();
                throw new InvalidOperationException("Prometheus did not become ready within 60 s");
            }

            await Task.Delay(200);
        }
    }

    /// <summary>The value of an instant query that returns one sample, or NaN when it returns none.</summary>
    public async Task<double> QueryAsync(string query)
    {
        // The API's JSON, read as a stream (GetStringAsync is reserved for expositions, which the tests check with promtool).
        await using var json = await _http.GetStreamAsync(new Uri(BaseUrl, "api/v1/query?query=" + Uri.EscapeDataString(query)));
        using var document = await JsonDocument.ParseAsync(json);
        var result = document.RootElement.GetProperty("data").GetProperty("result");
        return result.GetArrayLength() == 0
            ? double.NaN
            : double.Parse(result[0].GetProperty("value")[1].GetString()!, System.Globalization.CultureInfo.InvariantCulture);
    }

    /// <inheritdoc />
    public async ValueTask DisposeAsync()
    {
        _http.Dispose();
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
            await _process.WaitForExitAsync(new CancellationTokenSource(TimeSpan.FromSeconds(30)).Token);
        }

        _process.Dispose();
        try
        {
            Directory.Delete(_folder, recursive: true);
        }
        catch (IOException)
        {
        }
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
