using System;
using System.Buffers;
using System.Collections.Concurrent;
using System.IO;
using System.Security.Cryptography;
using HdrHistogram.Prometheus.Exposition;
using HdrHistogram.Prometheus.Registry;
using Xunit.Sdk;

namespace HdrHistogram.Prometheus.Tests;

/// <summary>
/// The tests' one way to a text-format exposition: written from a registry (<see cref="Write"/>) or read from a server
/// (<see cref="Check(string)"/>), each goes through <c>promtool check metrics</c>, where promtool is installed, and
/// fails the test that scraped it on any error or lint problem. PromtoolTests keeps the tests from scraping text any
/// other way, and skips, saying so, where there is no promtool.
/// </summary>
public static class TextScrapes
{
    // promtool takes about 0.1 s of CPU a run: an exposition that was checked once (by its bytes) is not checked again.
    private static readonly ConcurrentDictionary<string, Lazy<PromtoolResult>> Checked = new();

    /// <summary>Scrapes <paramref name="registry"/> in the text format and checks the exposition.</summary>
    /// <param name="registry">The registry.</param>
    /// <returns>The exposition.</returns>
    /// <exception cref="XunitException">promtool found a problem in it.</exception>
    public static string Write(PrometheusHistogramRegistry registry) => System.Text.Encoding.UTF8.GetString(WriteBytes(registry));

    /// <summary>Scrapes <paramref name="registry"/> in the text format and checks the exposition.</summary>
    /// <param name="registry">The registry.</param>
    /// <returns>The exposition's bytes.</returns>
    /// <exception cref="XunitException">promtool found a problem in it.</exception>
    public static byte[] WriteBytes(PrometheusHistogramRegistry registry)
    {
        var buffer = new ArrayBufferWriter<byte>();
        registry.Write(buffer, PrometheusExpositionFormat.Text);
        byte[] bytes = buffer.WrittenSpan.ToArray();
        Check(bytes);
        return bytes;
    }

    /// <summary>Checks a text exposition a test obtained otherwise (a server's response).</summary>
    /// <param name="exposition">The exposition.</param>
    /// <returns><paramref name="exposition"/>.</returns>
    /// <exception cref="XunitException">promtool found a problem in it.</exception>
    public static string Check(string exposition)
    {
        Check(System.Text.Encoding.UTF8.GetBytes(exposition));
        return exposition;
    }

    /// <summary>
    /// Checks a text exposition a test wrote itself (a scrape whose allocations it measures): promtool must exit 0 and
    /// print nothing. Does nothing where there is no promtool.
    /// </summary>
    /// <param name="exposition">The exposition's bytes.</param>
    /// <exception cref="XunitException">promtool found a problem in it.</exception>
    public static void Check(ReadOnlySpan<byte> exposition)
    {
        if (Promtool.Path is null)
        {
            return;
        }

        byte[] bytes = exposition.ToArray();
        string key = Convert.ToHexString(SHA256.HashData(bytes));
        var result = Checked.GetOrAdd(key, _ => new Lazy<PromtoolResult>(() => Promtool.CheckMetrics(bytes))).Value;
        if (result != new PromtoolResult(0, string.Empty))
        {
            string text = System.Text.Encoding.UTF8.GetString(bytes);
            string shown = text;
            if (text.Length > 4000)
            {
                // promtool names the line: the whole exposition goes to a file.
                string saved = Path.Combine(Path.GetTempPath(), "promtool-" + key[..16] + ".prom");
                File.WriteAllBytes(saved, bytes);
                shown = $"(its first 4000 characters; all of it in {saved})\n{text[..4000]}\n[...]";
            }

            throw new XunitException($"promtool check metrics exited {result.ExitCode} and said:\n{result.Output}\non this exposition:\n{shown}");
        }
    }
}
