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
    /// Whether two histograms hold the same data (and are of the same kind): Java's equality, except that two empty
    /// histograms of the same configuration are the same. (Java's, and so this library's, maximum of an empty histogram
    /// is 0 when new but the unit magnitude's mask after a reset or decode, and Java's equality compares maxima.)
    /// </summary>
    public static bool SameData(EncodableHistogram a, EncodableHistogram b) => (a, b) switch
    {
        (DoubleHistogram x, DoubleHistogram y) => x.Equals(y)
            || (x.TotalCount == 0 && y.TotalCount == 0 && x.NumberOfSignificantValueDigits == y.NumberOfSignificantValueDigits),
        (HistogramBase x, HistogramBase y) => x.Equals(y)
            || (x.TotalCount == 0 && y.TotalCount == 0 && x.LowestTrackableValue == y.LowestTrackableValue
                && x.NumberOfSignificantValueDigits == y.NumberOfSignificantValueDigits
                && x.IntegerToDoubleValueConversionRatio == y.IntegerToDoubleValueConversionRatio),
        _ => false,
    };

    public static string Describe(EncodableHistogram h) => h switch
    {
        DoubleHistogram d => "DoubleHistogram(count " + d.TotalCount + ", max " + d.GetMaxValue().ToString("R", System.Globalization.CultureInfo.InvariantCulture) + ")",
        HistogramBase b => b.GetType().Name + "(" + b.LowestTrackableValue + ".." + b.HighestTrackableValue + ", " + b.NumberOfSignificantValueDigits + " digits, count " + b.TotalCount + ", max " + b.GetMaxValue() + ")",
        _ => h.GetType().Name,
    };
}
