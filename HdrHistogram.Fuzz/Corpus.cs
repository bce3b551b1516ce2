using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using System.Linq;
using System.Text.Json;
using TextEncoding = System.Text.Encoding;

namespace HdrHistogram.Fuzz;

/// <summary>
/// The valid inputs mutations start from: encoded histograms (every Java case's V2 and compressed V2, the decode
/// fixtures' V0/V1/V2 payloads, the payloads the real 2.5.0 package wrote, every payload of every fixture log, and
/// random histograms encoded here, integer and double), the zlib streams inside the compressed ones plus platform
/// zlib streams of every compression level, and the fixture logs as text.
/// </summary>
internal sealed class Corpus
{
    public static readonly string[] EncodingNames = { "UTF-8", "UTF-8 BOM", "UTF-16LE BOM", "UTF-16BE BOM" };

    private Corpus(List<(string Name, byte[] Bytes)> payloads, List<(string Name, byte[] Bytes)> zlibStreams, List<(string Name, string Text)> logs)
    {
        Payloads = payloads;
        ZlibStreams = zlibStreams;
        Logs = logs;
    }

    public IReadOnlyList<(string Name, byte[] Bytes)> Payloads { get; }

    public IReadOnlyList<(string Name, byte[] Bytes)> ZlibStreams { get; }

    public IReadOnlyList<(string Name, string Text)> Logs { get; }

    public static Corpus Load(string fixtures, Random random)
    {
        var payloads = new List<(string, byte[])>();
        foreach (string file in Directory.GetFiles(Path.Combine(fixtures, "java", "cases"), "*.json").Order(StringComparer.Ordinal))
        {
            using var json = JsonDocument.Parse(File.ReadAllText(file));
            foreach (string property in new[] { "v2", "v2Compressed", "v2CompressedBestCompression" })
            {
                if (json.RootElement.TryGetProperty(property, out var value) && value.ValueKind == JsonValueKind.String)
                {
                    payloads.Add(("case/" + Path.GetFileNameWithoutExtension(file) + "/" + property, Convert.FromBase64String(value.GetString()!)));
                }
            }
        }

        foreach (string file in Directory.GetFiles(Path.Combine(fixtures, "java", "decode"), "*.json").Order(StringComparer.Ordinal))
        {
            using var json = JsonDocument.Parse(File.ReadAllText(file));
            if (json.RootElement.TryGetProperty("bytes", out var value) && value.ValueKind == JsonValueKind.String)
            {
                payloads.Add(("decode/" + Path.GetFileNameWithoutExtension(file), Convert.FromBase64String(value.GetString()!)));
            }
        }

        string net250 = Path.Combine(fixtures, "Net250");
        if (Directory.Exists(net250))
        {
            foreach (string file in Directory.GetFiles(net250, "*.bin").Order(StringComparer.Ordinal))
            {
                payloads.Add(("net250/" + Path.GetFileName(file), File.ReadAllBytes(file)));
            }
        }

        var logs = new List<(string, string)>();
        foreach (string folder in new[] { Path.Combine(fixtures, "java", "logs"), Path.Combine(fixtures, "java", "real-logs"), net250 })
        {
            if (!Directory.Exists(folder))
            {
                continue;
            }

            foreach (string file in Directory.GetFiles(folder, "*.hlog").Order(StringComparer.Ordinal))
            {
                // ReadAllText follows the byte order mark: the 2.5.0 logs are UTF-16.
                string text = File.ReadAllText(file);
                logs.Add((Path.GetFileName(folder) + "/" + Path.GetFileName(file), text));
                int payloadNumber = 0;
                foreach (string line in text.Split('\n'))
                {
                    string? payload = LogPayload(line);
                    if (payload is not null && payloadNumber++ < 40)
                    {
                        try
                        {
                            payloads.Add(("log/" + Path.GetFileName(file) + "/" + payloadNumber, Convert.FromBase64String(payload)));
                        }
                        catch (FormatException)
                        {
                            // not base64: not a seed
                        }
                    }
                }
            }
        }

        for (int i = 0; i < 40; i++)
        {
            var histogram = RandomHistograms.Next(random);
            bool compressed = i % 2 == 1;
            payloads.Add(("random/" + i + (compressed ? "/compressed" : "/v2"),
                compressed ? HdrHistogram.Encoding.HistogramEncoder.EncodeCompressed(histogram) : HdrHistogram.Encoding.HistogramEncoder.Encode(histogram)));
        }

        var zlib = new List<(string, byte[])>();
        foreach (var (name, bytes) in payloads)
        {
            if (bytes.Length > 8 && IsCompressedCookie(bytes))
            {
                zlib.Add((name + "/zlib", bytes.AsSpan(8).ToArray()));
            }
        }

        foreach (var (name, bytes) in payloads.Where(p => p.Item2.Length <= 20_000).Take(30))
        {
            foreach (var level in new[] { CompressionLevel.NoCompression, CompressionLevel.Fastest, CompressionLevel.Optimal, CompressionLevel.SmallestSize })
            {
                zlib.Add((name + "/platform-" + level, PlatformZlib(bytes, level)));
            }
        }

        zlib.Add(("zeros-1MiB", PlatformZlib(new byte[1 << 20], CompressionLevel.SmallestSize)));
        zlib.Add(("empty", PlatformZlib(Array.Empty<byte>(), CompressionLevel.Optimal)));
        return new Corpus(payloads, zlib, logs);
    }

    /// <summary>The base64 payload of a log line (its last comma-separated field), or null for comments and legends.</summary>
    public static string? LogPayload(string line)
    {
        line = line.TrimEnd('\r');
        if (line.Length == 0 || line[0] == '#' || line.StartsWith("\"StartTimestamp\"", StringComparison.Ordinal))
        {
            return null;
        }

        int comma = line.LastIndexOf(',');
        return comma < 0 ? null : line.Substring(comma + 1);
    }

    public static byte[] PlatformZlib(byte[] data, CompressionLevel level)
    {
        using var output = new MemoryStream();
        using (var zlib = new ZLibStream(output, level, leaveOpen: true))
        {
            zlib.Write(data);
        }

        return output.ToArray();
    }

    /// <summary>Whether the bytes start with a compressed integer histogram's cookie (V0, V1, V2): a zlib stream follows
    /// the 8-byte header.</summary>
    public static bool IsCompressedCookie(ReadOnlySpan<byte> bytes)
    {
        int cookie = (bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3];
        return (cookie & ~0xF0) is 0x1c849304 or 0x1c849302 or 0x1c849309;
    }

    /// <summary>A log as bytes in one of the encodings a reader must accept.</summary>
    public static byte[] EncodeLog(string text, int encoding) => encoding switch
    {
        0 => TextEncoding.UTF8.GetBytes(text),
        1 => TextEncoding.UTF8.GetPreamble().Concat(TextEncoding.UTF8.GetBytes(text)).ToArray(),
        2 => TextEncoding.Unicode.GetPreamble().Concat(TextEncoding.Unicode.GetBytes(text)).ToArray(),
        _ => TextEncoding.BigEndianUnicode.GetPreamble().Concat(TextEncoding.BigEndianUnicode.GetBytes(text)).ToArray(),
    };

}
