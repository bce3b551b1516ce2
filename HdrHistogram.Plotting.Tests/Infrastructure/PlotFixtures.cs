using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Xml.Linq;

namespace HdrHistogram.Plotting.Tests.Infrastructure;

/// <summary>
/// The logs only the plotting tests and the tool's plot tests read (HdrHistogram.Plotting.Tests/Fixtures, written by Java's
/// HistogramLogWriter), two runs to compare, and SVG/PNG helpers.
/// </summary>
internal static class PlotFixtures
{
    /// <summary>The folder of the plotting fixtures next to the test assembly.</summary>
    public static string Folder => Path.Combine(AppContext.BaseDirectory, "Fixtures", "plotting");

    /// <summary>jHiccup-style log: values in nanoseconds, 90 one-second untagged intervals, a 120 ms stall in the one ending at 43 s.</summary>
    public static string JHiccup => Path.Combine(Folder, "jhiccup-style.hlog");

    /// <summary>YCSB-style log: values in microseconds, 30 ten-second intervals for each of the tags READ and UPDATE.</summary>
    public static string Ycsb => Path.Combine(Folder, "ycsb-style.hlog");

    /// <summary>A Java .hgrm (HistogramLogProcessor output of a real jHiccup log, values in ms).</summary>
    public static string Hgrm => Path.Combine(Folder, "jHiccup-2.0.6.logV1.default.hgrm");

    public static readonly XNamespace Svg = "http://www.w3.org/2000/svg";

    /// <summary>The text of every &lt;text&gt; element, in document order.</summary>
    public static string[] Texts(XDocument svg) => svg.Descendants(Svg + "text").Select(t => t.Value.Trim()).ToArray();

    /// <summary>Width and height from a PNG's IHDR chunk, after checking the signature.</summary>
    public static (int Width, int Height) PngSize(byte[] png)
    {
        byte[] signature = { 0x89, (byte)'P', (byte)'N', (byte)'G', 0x0D, 0x0A, 0x1A, 0x0A };
        if (png.Length < 24 || !png.AsSpan(0, 8).SequenceEqual(signature) || !png.AsSpan(12, 4).SequenceEqual("IHDR"u8))
        {
            throw new InvalidDataException("not a PNG");
        }

        return (BinaryPrimitives.ReadInt32BigEndian(png.AsSpan(16)), BinaryPrimitives.ReadInt32BigEndian(png.AsSpan(20)));
    }

    /// <summary>
    /// Two one-interval logs in <paramref name="dir"/>, a baseline and a run: before.hlog holds 1, 2, ..., 1000 (ns)
    /// once each, after.hlog 1, ..., 990 and ten times 1500.
    /// </summary>
    public static (string Before, string After) WriteRuns(string dir)
        => (WriteLog(Path.Combine(dir, "before.hlog"), Enumerable.Range(1, 1000).Select(v => (long)v)),
            WriteLog(Path.Combine(dir, "after.hlog"), Enumerable.Range(1, 990).Select(v => (long)v).Concat(Enumerable.Repeat(1500L, 10))));

    private static string WriteLog(string path, IEnumerable<long> values)
    {
        var h = new LongHistogram(1_000_000, 3) { StartTimeStamp = 1_795_737_600_000, EndTimeStamp = 1_795_737_601_000 };
        foreach (long v in values)
        {
            h.RecordValue(v);
        }

        using var stream = File.Create(path);
        HistogramLogWriter.Write(stream, new DateTime(2026, 11, 27, 0, 0, 0, DateTimeKind.Utc), h);
        return path;
    }
}
