using System;
using System.Buffers.Binary;
using System.IO;
using System.Linq;
using System.Xml.Linq;

namespace HdrHistogram.UnitTests.Plotting;

/// <summary>The logs only the plotting tests read (Fixtures/plotting, written by Java's HistogramLogWriter) and SVG/PNG helpers.</summary>
internal static class PlotFixtures
{
    /// <summary>jHiccup-style log: values in nanoseconds, 90 one-second untagged intervals, a 120 ms stall in the one ending at 43 s.</summary>
    public static string JHiccup => Path.Combine(AppContext.BaseDirectory, "Fixtures", "plotting", "jhiccup-style.hlog");

    /// <summary>YCSB-style log: values in microseconds, 30 ten-second intervals for each of the tags READ and UPDATE.</summary>
    public static string Ycsb => Path.Combine(AppContext.BaseDirectory, "Fixtures", "plotting", "ycsb-style.hlog");

    /// <summary>A Java .hgrm (HistogramLogProcessor output of a real jHiccup log, values in ms).</summary>
    public static string Hgrm => Path.Combine(AppContext.BaseDirectory, "Fixtures", "plotting", "jHiccup-2.0.6.logV1.default.hgrm");

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
}
