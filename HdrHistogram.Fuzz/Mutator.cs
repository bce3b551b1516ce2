using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Linq;
using System.Text;

namespace HdrHistogram.Fuzz;

/// <summary>Byte and text mutations: bit flips, interesting values in the header fields, insertions, deletions,
/// duplications, truncations, splices; for logs also line edits, tokens of the log syntax and mutated payloads.</summary>
internal static class Mutator
{
    private static readonly int[] InterestingInts = { 0, 1, -1, 2, 7, 8, 40, 0x7F, 0x80, 0xFF, 0x7FFF, 0xFFFF, int.MaxValue, int.MinValue, 1 << 24, 1 << 30 };

    private static readonly string[] LogTokens =
    {
        "#[StartTime: ", "#[BaseTime: ", "#[Histogram log format version 1.3]", "Tag=", "Tag=,", ",", " ", "\n", "\r\n", "\r", "#",
        "NaN", "Infinity", "-Infinity", "-", "1e308", "-1e308", "0.000", "9999999999999.999", "1700000000.000", ".", "=", "[", "]",
        "HISTFAAAA", "HISTEwAAA", "DHISTwAAA", "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"",
        "\u00e9", "\u20ac", "\uFEFF", "\0", "9223372036854775807", "4.9E-324", "(seconds since epoch)",
    };

    /// <summary>
    /// The byte targets' input: a random seed, unchanged one time in ten, otherwise <see cref="MutateBytes"/> of it with
    /// another random seed for splices.
    /// </summary>
    public static FuzzInput NextInput<TSeed>(IReadOnlyList<TSeed> seeds, Func<TSeed, string> name, Func<TSeed, byte[]> bytes, Random random)
    {
        int index = random.Next(seeds.Count);
        TSeed seed = seeds[index];
        if (random.Next(10) == 0)
        {
            return new FuzzInput(bytes(seed), index, name(seed) + " unchanged");
        }

        byte[] mutated = MutateBytes(bytes(seed), bytes(seeds[random.Next(seeds.Count)]), random, out string how);
        return new FuzzInput(mutated, index, name(seed) + ": " + how);
    }

    /// <summary>1 to 4 byte-level mutations of a copy of <paramref name="bytes"/>; <paramref name="other"/> for splices.</summary>
    public static byte[] MutateBytes(byte[] bytes, byte[] other, Random random, out string description)
    {
        var data = new List<byte>(bytes);
        var what = new StringBuilder();
        int mutations = 1 + random.Next(4);
        for (int m = 0; m < mutations; m++)
        {
            // Half of the positions fall into the first 48 bytes, the headers, where every field matters.
            int Position(int extra = 0) => data.Count + extra == 0 ? 0
                : random.Next(2) == 0 ? random.Next(Math.Min(data.Count + extra, 48)) : random.Next(data.Count + extra);
            int kind = random.Next(11);
            if (data.Count == 0)
            {
                kind = 5;
            }

            switch (kind)
            {
                case 0:
                    {
                        int p = Position();
                        data[p] ^= (byte)(1 << random.Next(8));
                        what.Append(" flip@").Append(p);
                        break;
                    }

                case 1:
                    {
                        int p = Position();
                        data[p] = (byte)random.Next(256);
                        what.Append(" byte@").Append(p);
                        break;
                    }

                case 2:
                    {
                        int p = Position();
                        data[p] = random.Next(4) switch { 0 => 0, 1 => 0xFF, 2 => 0x7F, _ => 0x80 };
                        what.Append(" edge@").Append(p);
                        break;
                    }

                case 3:
                case 4:
                    {
                        // A 32-bit big-endian field (lengths, offsets, digits, the cookie) set to an interesting value.
                        int p = data.Count < 4 ? 0 : random.Next(2) == 0 ? 4 * random.Next(Math.Min(data.Count, 48) / 4) : random.Next(data.Count - 3);
                        int value = random.Next(3) == 0 ? data.Count + random.Next(-16, 17) : InterestingInts[random.Next(InterestingInts.Length)];
                        Span<byte> field = stackalloc byte[4];
                        BinaryPrimitives.WriteInt32BigEndian(field, value);
                        for (int i = 0; i < 4 && p + i < data.Count; i++)
                        {
                            data[p + i] = field[i];
                        }

                        what.Append(" int32@").Append(p).Append('=').Append(value);
                        break;
                    }

                case 5:
                    {
                        int p = Position(1);
                        int n = 1 + random.Next(random.Next(4) == 0 ? 64 : 4);
                        byte fill = (byte)(random.Next(2) == 0 ? 0 : random.Next(256));
                        data.InsertRange(p, Enumerable.Range(0, n).Select(_ => random.Next(2) == 0 ? fill : (byte)random.Next(256)));
                        what.Append(" insert@").Append(p).Append('+').Append(n);
                        break;
                    }

                case 6:
                    {
                        int p = Position();
                        int n = Math.Min(data.Count - p, 1 + random.Next(random.Next(4) == 0 ? 256 : 8));
                        data.RemoveRange(p, n);
                        what.Append(" delete@").Append(p).Append('-').Append(n);
                        break;
                    }

                case 7:
                    {
                        int p = Position();
                        int n = Math.Min(data.Count - p, 1 + random.Next(64));
                        data.InsertRange(p, data.GetRange(p, n));
                        what.Append(" duplicate@").Append(p).Append('x').Append(n);
                        break;
                    }

                case 8:
                    {
                        int n = random.Next(data.Count);
                        data.RemoveRange(n, data.Count - n);
                        what.Append(" truncate=").Append(n);
                        break;
                    }

                case 9:
                    {
                        int n = 1 + random.Next(random.Next(4) == 0 ? 1024 : 16);
                        byte fill = (byte)(random.Next(2) == 0 ? 0 : random.Next(256));
                        data.AddRange(Enumerable.Repeat(fill, n));
                        what.Append(" append=").Append(n);
                        break;
                    }

                default:
                    {
                        // Splice: our head, the other input's tail.
                        int p = Position();
                        int q = other.Length == 0 ? 0 : random.Next(other.Length);
                        data.RemoveRange(p, data.Count - p);
                        data.AddRange(other.AsSpan(q).ToArray());
                        what.Append(" splice@").Append(p).Append('/').Append(q);
                        break;
                    }
            }
        }

        description = what.ToString().TrimStart();
        return data.ToArray();
    }

    /// <summary>1 to 3 edits of a log's text: its payloads' bytes, its lines, its characters and tokens.</summary>
    public static string MutateLog(string text, Random random, out string description)
    {
        var lines = new List<string>(text.Split('\n'));
        var what = new StringBuilder();
        int mutations = 1 + random.Next(3);
        for (int m = 0; m < mutations; m++)
        {
            int l = random.Next(lines.Count);
            switch (random.Next(9))
            {
                case 0:
                case 1:
                case 2:
                    {
                        // A payload's bytes mutated and re-encoded in base64: deep into the decoders, through the reader.
                        string? payload = Corpus.LogPayload(lines[l]);
                        byte[]? bytes = null;
                        try
                        {
                            bytes = payload is null ? null : Convert.FromBase64String(payload);
                        }
                        catch (FormatException)
                        {
                        }

                        if (bytes is null || payload is null)
                        {
                            goto case 3;
                        }

                        byte[] mutated = MutateBytes(bytes, bytes, random, out string how);
                        string line = lines[l].TrimEnd('\r');
                        lines[l] = string.Concat(line.AsSpan(0, line.Length - payload.Length), Convert.ToBase64String(mutated), lines[l].EndsWith('\r') ? "\r" : "");
                        what.Append(" payload@line").Append(l + 1).Append('(').Append(how).Append(')');
                        break;
                    }

                case 3:
                case 4:
                    {
                        string line = lines[l];
                        int p = random.Next(line.Length + 1);
                        string token = LogTokens[random.Next(LogTokens.Length)];
                        int remove = random.Next(2) == 0 ? 0 : Math.Min(line.Length - p, random.Next(1, 12));
                        lines[l] = string.Concat(line.AsSpan(0, p), token, line.AsSpan(p + remove));
                        what.Append(" token@line").Append(l + 1).Append(':').Append(p);
                        break;
                    }

                case 5:
                    {
                        string line = lines[l];
                        if (line.Length > 0)
                        {
                            int p = random.Next(line.Length);
                            var chars = line.ToCharArray();
                            chars[p] = random.Next(3) == 0 ? (char)random.Next(0x20, 0x7F) : "0123456789.,-eE"[random.Next(15)];
                            lines[l] = new string(chars);
                        }

                        what.Append(" char@line").Append(l + 1);
                        break;
                    }

                case 6:
                    lines.Insert(random.Next(lines.Count + 1), lines[l]);
                    what.Append(" dupline").Append(l + 1);
                    break;
                case 7:
                    lines.RemoveAt(l);
                    if (lines.Count == 0)
                    {
                        lines.Add("");
                    }

                    what.Append(" delline").Append(l + 1);
                    break;
                default:
                    {
                        string line = lines[l];
                        lines[l] = line.Substring(0, random.Next(line.Length + 1));
                        if (random.Next(2) == 0)
                        {
                            lines.RemoveRange(l + 1, lines.Count - l - 1);
                        }

                        what.Append(" cut@line").Append(l + 1);
                        break;
                    }
            }
        }

        description = what.ToString().TrimStart();
        return string.Join('\n', lines);
    }
}
