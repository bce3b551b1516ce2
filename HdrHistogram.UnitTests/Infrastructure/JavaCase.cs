using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.Json;

namespace HdrHistogram.UnitTests.Infrastructure;

/// <summary>
/// One case of the Java reference vectors (Fixtures/java/cases/&lt;name&gt;.json): how Java built the histogram,
/// what it recorded, and everything Java reports about it.
/// </summary>
internal sealed class JavaCase
{
    private static readonly Dictionary<string, JavaCase> Cache = new();

    private JavaCase(string name, JsonElement root)
    {
        Name = name;
        Root = root;
    }

    public string Name { get; }

    public JsonElement Root { get; }

    public string HistogramType => Root.GetProperty("histogramType").GetString()!;

    public bool IsDouble => HistogramType == "DoubleHistogram";

    public JsonElement Expected => Root.GetProperty("expected");

    public JsonElement ExpectedDecoded => Root.GetProperty("expectedDecoded");

    public byte[] V2 => Convert.FromBase64String(Root.GetProperty("v2").GetString()!);

    public byte[] V2Compressed => Convert.FromBase64String(Root.GetProperty("v2Compressed").GetString()!);

    public byte[] V2CompressedBest => Convert.FromBase64String(Root.GetProperty("v2CompressedBestCompression").GetString()!);

    public string HgrmText => FixturePaths.ReadText(Path.Combine(FixturePaths.JavaCases, Name + ".hgrm"));

    public string CsvText => FixturePaths.ReadText(Path.Combine(FixturePaths.JavaCases, Name + ".csv"));

    public IEnumerable<JsonElement> Operations
        => Root.TryGetProperty("operations", out var ops) ? ops.EnumerateArray() : Enumerable.Empty<JsonElement>();

    /// <summary>Every case name, optionally only the integer (non-Double) ones.</summary>
    public static IEnumerable<string> Names(bool integerOnly)
    {
        using var index = JsonDocument.Parse(File.ReadAllText(Path.Combine(FixturePaths.Root, "java", "cases-index.json")));
        foreach (var c in index.RootElement.GetProperty("cases").EnumerateArray())
        {
            if (!integerOnly || c.GetProperty("histogramType").GetString() != "DoubleHistogram")
            {
                yield return c.GetProperty("name").GetString()!;
            }
        }
    }

    public static IEnumerable<object[]> IntegerCaseNames() => Names(integerOnly: true).Select(n => new object[] { n });

    /// <summary>The names of the DoubleHistogram cases.</summary>
    public static IEnumerable<object[]> DoubleCaseNames()
        => Names(integerOnly: false).Except(Names(integerOnly: true)).Select(n => new object[] { n });

    public static JavaCase Load(string name)
    {
        lock (Cache)
        {
            if (!Cache.TryGetValue(name, out var c))
            {
                var doc = JsonDocument.Parse(File.ReadAllText(Path.Combine(FixturePaths.JavaCases, name + ".json")));
                c = new JavaCase(name, doc.RootElement);
                Cache[name] = c;
            }

            return c;
        }
    }

    /// <summary>The recorded (value, count) pairs in recording order, inline or from the values file.</summary>
    public IReadOnlyList<(long Value, long Count)> RecordedPairs()
        => ReadRecordedPairs(v => v.GetInt64(), v => long.Parse(v, CultureInfo.InvariantCulture));

    /// <summary>The recorded (double value, count) pairs of a DoubleHistogram case, in recording order.</summary>
    public IReadOnlyList<(double Value, long Count)> RecordedDoublePairs()
        => ReadRecordedPairs(v => v.GetDouble(), v => double.Parse(v, CultureInfo.InvariantCulture));

    /// <summary>An empty DoubleHistogram built the way Java built this case's.</summary>
    public DoubleHistogram CreateEmptyDouble()
    {
        var args = Root.GetProperty("constructor").GetProperty("args").EnumerateArray().Select(a => a.GetInt64()).ToArray();
        var h = args.Length switch
        {
            1 => new DoubleHistogram((int)args[0]),
            2 => new DoubleHistogram(args[0], (int)args[1]),
            _ => throw new NotSupportedException(Root.GetProperty("constructor").GetProperty("signature").GetString()),
        };

        if (Root.GetProperty("constructor").TryGetProperty("thenSetAutoResize", out var autoResize))
        {
            h.AutoResize = autoResize.GetBoolean();
        }

        return h;
    }

    /// <summary>Records the first <paramref name="pairCount"/> pairs (all when null) the way Java recorded them.</summary>
    public void RecordInto(DoubleHistogram h, int? pairCount = null)
        => RecordPairs(RecordedDoublePairs(), pairCount, v => v.GetDouble(), h.RecordValueWithExpectedInterval, h.RecordValueWithCount);

    /// <summary>The DoubleHistogram as Java recorded it, with timestamps and tag.</summary>
    public DoubleHistogram ReplayDouble()
    {
        var h = CreateEmptyDouble();
        RecordInto(h);
        return WithJavaMetadata(h);
    }

    /// <summary>
    /// The DoubleHistogram one of this case's operations derives from the replayed one (Java's add, subtract and
    /// coordinated-omission corrections, on a copy); the other histogram is another case's or a prefix of this one's.
    /// </summary>
    public DoubleHistogram ApplyDouble(JsonElement operation)
    {
        var h = ReplayDouble();
        switch (operation.GetProperty("op").GetString())
        {
            case "add":
                {
                    var result = h.Copy();
                    result.Add(OtherDouble(operation));
                    return result;
                }

            case "subtract":
                {
                    var result = h.Copy();
                    result.Subtract(OtherDouble(operation));
                    return result;
                }

            case "copyCorrectedForCoordinatedOmission":
                return h.CopyCorrectedForCoordinatedOmission(operation.GetProperty("expectedIntervalBetweenValueSamples").GetDouble());

            case "addWhileCorrectingForCoordinatedOmission":
                {
                    var result = h.Copy();
                    result.AddWhileCorrectingForCoordinatedOmission(OtherDouble(operation), operation.GetProperty("expectedIntervalBetweenValueSamples").GetDouble());
                    return result;
                }

            default:
                throw new NotSupportedException(operation.GetProperty("call").GetString());
        }
    }

    /// <summary>An empty histogram built the way Java built this case's.</summary>
    public HistogramBase CreateEmpty()
    {
        var ctor = Root.GetProperty("constructor");
        var args = ctor.GetProperty("args").EnumerateArray().Select(a => a.GetInt64()).ToArray();
        string type = HistogramType;
        HistogramBase h = args.Length switch
        {
            1 => type switch
            {
                "Histogram" => new LongHistogram((int)args[0]),
                "IntCountsHistogram" => new IntHistogram((int)args[0]),
                "ShortCountsHistogram" => new ShortHistogram((int)args[0]),
                "ConcurrentHistogram" => new LongConcurrentHistogram((int)args[0]),
                _ => throw new NotSupportedException(type),
            },
            3 => CreateOfType(type, args[0], args[1], (int)args[2]),
            _ => throw new NotSupportedException(ctor.GetProperty("signature").GetString()),
        };

        if (ctor.TryGetProperty("thenSetAutoResize", out var autoResize))
        {
            h.AutoResize = autoResize.GetBoolean();
        }

        return h;
    }

    public static HistogramBase CreateOfType(string javaType, long lowest, long highest, int digits) => javaType switch
    {
        "Histogram" => new LongHistogram(lowest, highest, digits),
        "IntCountsHistogram" => new IntHistogram(lowest, highest, digits),
        "ShortCountsHistogram" => new ShortHistogram(lowest, highest, digits),
        "ConcurrentHistogram" => new LongConcurrentHistogram(lowest, highest, digits),
        _ => throw new NotSupportedException(javaType),
    };

    /// <summary>Records the first <paramref name="pairCount"/> pairs (all when null) the way Java recorded them.</summary>
    public void RecordInto(HistogramBase h, int? pairCount = null)
        => RecordPairs(RecordedPairs(), pairCount, v => v.GetInt64(), h.RecordValueWithExpectedInterval, h.RecordValueWithCount);

    /// <summary>The histogram as Java recorded it, with timestamps and tag.</summary>
    public HistogramBase Replay()
    {
        var h = CreateEmpty();
        RecordInto(h);
        return WithJavaMetadata(h);
    }

    /// <summary>"same constructor as this case, then the first otherRecordedPrefixPairs recorded pairs of this case", or another case.</summary>
    private DoubleHistogram OtherDouble(JsonElement operation)
    {
        if (operation.TryGetProperty("otherCase", out var otherCase))
        {
            return Load(otherCase.GetString()!).ReplayDouble();
        }

        var other = CreateEmptyDouble();
        RecordInto(other, operation.GetProperty("otherRecordedPrefixPairs").GetInt32());
        return other;
    }

    /// <summary>
    /// The recorded pairs in recording order, inline ("recorded") or from the values file ("recordedFile", a value and
    /// a count a line), the values read as the histogram's value type.
    /// </summary>
    private List<(TValue Value, long Count)> ReadRecordedPairs<TValue>(Func<JsonElement, TValue> readJson, Func<string, TValue> parse)
    {
        if (Root.TryGetProperty("recorded", out var inline))
        {
            return inline.EnumerateArray().Select(p => (readJson(p[0]), p[1].GetInt64())).ToList();
        }

        string file = Path.Combine(FixturePaths.JavaCases, Path.GetFileName(Root.GetProperty("recordedFile").GetString()!));
        return File.ReadLines(file)
            .Where(l => l.Length > 0)
            .Select(l =>
            {
                var parts = l.Split(' ');
                return (parse(parts[0]), long.Parse(parts[1], CultureInfo.InvariantCulture));
            })
            .ToList();
    }

    /// <summary>
    /// Records the first <paramref name="pairCount"/> of <paramref name="pairs"/> (all when null) with the record method
    /// Java used: each value with its count, or each value once with the case's expected interval.
    /// </summary>
    private void RecordPairs<TValue>(
        IReadOnlyList<(TValue Value, long Count)> pairs,
        int? pairCount,
        Func<JsonElement, TValue> readJson,
        Action<TValue, TValue> recordWithExpectedInterval,
        Action<TValue, long> recordWithCount)
    {
        int n = pairCount ?? pairs.Count;
        bool withInterval = Root.GetProperty("recordMethod").GetString() == "recordValueWithExpectedInterval";
        TValue interval = withInterval ? readJson(Root.GetProperty("expectedIntervalBetweenValueSamples")) : default!;
        for (int i = 0; i < n; i++)
        {
            var (value, count) = pairs[i];
            if (withInterval)
            {
                recordWithExpectedInterval(value, interval);
            }
            else
            {
                recordWithCount(value, count);
            }
        }
    }

    /// <summary>Sets the timestamps and tag Java's histogram carried, where the case records them.</summary>
    private T WithJavaMetadata<T>(T h)
        where T : EncodableHistogram
    {
        if (Root.TryGetProperty("startTimeStamp", out var start))
        {
            h.StartTimeStamp = start.GetInt64();
        }

        if (Root.TryGetProperty("endTimeStamp", out var end))
        {
            h.EndTimeStamp = end.GetInt64();
        }

        if (Root.TryGetProperty("tag", out var tag) && tag.ValueKind == JsonValueKind.String)
        {
            h.Tag = tag.GetString();
        }

        return h;
    }
}
