using System;
using System.IO;
using HdrHistogram.Encoding;

namespace HdrHistogram.Fuzz;

/// <summary>The ways bytes reach a decoder: a span, a multi-segment sequence, a stream, a stream that returns one byte per
/// read; and what is asked of it: an integer histogram of a count type, any histogram, or a DoubleHistogram.</summary>
internal static class DecodePath
{
    public const int Span = 0;
    public const int Sequence = 1;
    public const int Stream = 2;
    public const int OneByteStream = 3;

    public const int Integer = 0;
    public const int Any = 1;
    public const int Double = 2;

    public static readonly string[] Names = { "span", "sequence", "stream", "one-byte stream" };

    /// <summary>Decodes as asked; <see cref="HistogramFormatException"/> (or anything else) propagates.</summary>
    public static EncodableHistogram Decode(HistogramDecoder decoder, byte[] bytes, int path, int kind, HistogramCountType countType, Random random)
    {
        switch (path)
        {
            case Span:
                return kind switch
                {
                    Integer => decoder.Decode(bytes.AsSpan(), countType),
                    Any => decoder.DecodeAny(bytes.AsSpan(), countType),
                    _ => decoder.DecodeDouble(bytes.AsSpan()),
                };
            case Sequence:
                var sequence = SegmentedSequence.Create(bytes, random);
                return kind switch
                {
                    Integer => decoder.Decode(sequence, countType),
                    Any => decoder.DecodeAny(sequence, countType),
                    _ => decoder.DecodeDouble(sequence),
                };
            default:
                using (System.IO.Stream stream = path == Stream ? new MemoryStream(bytes, writable: false) : new OneByteStream(bytes))
                {
                    return kind switch
                    {
                        Integer => decoder.Decode(stream, countType),
                        Any => decoder.DecodeAny(stream, countType),
                        _ => decoder.DecodeDouble(stream),
                    };
                }
        }
    }

    /// <summary>Decodes into an existing histogram through the given path.</summary>
    public static void DecodeInto(HistogramDecoder decoder, byte[] bytes, int path, EncodableHistogram target, Random random)
    {
        switch (path)
        {
            case Span:
                if (target is DoubleHistogram d)
                {
                    decoder.DecodeInto(bytes.AsSpan(), d);
                }
                else
                {
                    decoder.DecodeInto(bytes.AsSpan(), (HistogramBase)target);
                }

                break;
            case Sequence:
                var sequence = SegmentedSequence.Create(bytes, random);
                if (target is DoubleHistogram ds)
                {
                    decoder.DecodeInto(sequence, ds);
                }
                else
                {
                    decoder.DecodeInto(sequence, (HistogramBase)target);
                }

                break;
            default:
                using (System.IO.Stream stream = path == Stream ? new MemoryStream(bytes, writable: false) : new OneByteStream(bytes))
                {
                    if (target is DoubleHistogram dt)
                    {
                        decoder.DecodeInto(stream, dt);
                    }
                    else
                    {
                        decoder.DecodeInto(stream, (HistogramBase)target);
                    }
                }

                break;
        }
    }

    /// <summary>
    /// Whether two histograms hold the same data (and are of the same kind): the same configuration (lowest value,
    /// digits, conversion ratio), total count, minimum non-zero value, counts at every recorded value, and maxima in the
    /// same bucket. Java's equality wants equal maxima, but Java's (and so this library's) maximum is tracked on record
    /// and set from the counts on decode: values recorded only at 0, or an empty histogram, give a maximum of 0 when
    /// recorded and the top of the first bucket once reset or decoded, so the two are compared as equivalent values.
    /// </summary>
    public static bool SameData(EncodableHistogram a, EncodableHistogram b) => (a, b) switch
    {
        (DoubleHistogram x, DoubleHistogram y) => SameCounts(x.IntegerValuesHistogram, y.IntegerValuesHistogram),
        (HistogramBase x, HistogramBase y) => SameCounts(x, y),
        _ => false,
    };

    private static bool SameCounts(HistogramBase x, HistogramBase y)
    {
        if (x.Equals(y))
        {
            return true;
        }

        if (x.LowestTrackableValue != y.LowestTrackableValue
            || x.NumberOfSignificantValueDigits != y.NumberOfSignificantValueDigits
            || x.IntegerToDoubleValueConversionRatio != y.IntegerToDoubleValueConversionRatio
            || x.TotalCount != y.TotalCount
            || x.GetMinNonZeroValue() != y.GetMinNonZeroValue()
            || !x.ValuesAreEquivalent(x.GetMaxValue(), y.GetMaxValue()))
        {
            return false;
        }

        foreach (var v in x.RecordedValues())
        {
            if (y.GetCountAtValue(v.ValueIteratedTo) != v.CountAtValueIteratedTo)
            {
                return false;
            }
        }

        return true;
    }

    public static string Describe(EncodableHistogram h) => h switch
    {
        DoubleHistogram d => "DoubleHistogram(count " + d.TotalCount + ", max " + d.GetMaxValue().ToString("R", System.Globalization.CultureInfo.InvariantCulture) + ")",
        HistogramBase b => b.GetType().Name + "(" + b.LowestTrackableValue + ".." + b.HighestTrackableValue + ", " + b.NumberOfSignificantValueDigits + " digits, count " + b.TotalCount + ", max " + b.GetMaxValue() + ")",
        _ => h.GetType().Name,
    };
}
