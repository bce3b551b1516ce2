using System;
using System.Buffers;
using System.IO;
using System.IO.Compression;
using HdrHistogram.Encoding;

namespace HdrHistogram.Fuzz;

/// <summary>
/// Random histograms of every kind encoded every way (V2 into an array, a span, a buffer writer, a stream, base64;
/// compressed at every level, by the static encoder or a reused compressor) and decoded every way (span, sequence,
/// stream, one-byte stream, base64, into a reused target that held other values): the data is the same, and the
/// decoded histogram's V2 encoding is the original's, byte for byte. The input is the seed of the histogram.
/// </summary>
internal sealed class HistogramRoundTripTarget : SeededFuzzTarget
{
    private readonly HistogramDecoder _decoder;
    private readonly HistogramCompressor _compressor;

    public HistogramRoundTripTarget()
    {
        _decoder = Own(new HistogramDecoder());
        _compressor = Own(new HistogramCompressor());
    }

    public override string Name => "round trip: encode, decode";

    protected override string SeedMakes => "histogram";

    protected override bool Run(int seed, Random random)
    {
        var histogramRandom = new Random(seed);
        var original = RandomHistograms.Next(histogramRandom);
        byte[] plain = HistogramEncoder.Encode(original);
        bool compressed = random.Next(2) == 0;
        var level = (CompressionLevel)random.Next(4);
        byte[] encoded;
        string how;
        switch (random.Next(compressed ? 4 : 5))
        {
            case 0:
                encoded = compressed ? HistogramEncoder.EncodeCompressed(original, level) : plain;
                how = "array";
                break;
            case 1:
                {
                    var writer = new ArrayBufferWriter<byte>();
                    int n = compressed ? _compressor.Encode(original, writer, level) : HistogramEncoder.Encode(original, writer);
                    encoded = writer.WrittenSpan.ToArray();
                    how = "buffer writer";
                    if (n != encoded.Length)
                    {
                        throw new FuzzMismatchException("Encode into a buffer writer returned " + n + " but wrote " + encoded.Length + " bytes");
                    }

                    break;
                }

            case 2:
                {
                    var stream = new MemoryStream();
                    if (compressed)
                    {
                        _compressor.Encode(original, stream, level);
                    }
                    else
                    {
                        HistogramEncoder.Encode(original, stream);
                    }

                    encoded = stream.ToArray();
                    how = "stream";
                    break;
                }

            case 3:
                {
                    string base64 = compressed ? _compressor.EncodeToBase64(original, level) : HistogramEncoder.EncodeToBase64(original);
                    encoded = Convert.FromBase64String(base64);
                    how = "base64";
                    break;
                }

            default:
                {
                    var span = new byte[HistogramEncoder.GetMaxEncodedLength(original)];
                    if (!HistogramEncoder.TryEncode(original, span, out int written))
                    {
                        throw new FuzzMismatchException("TryEncode into GetMaxEncodedLength bytes failed");
                    }

                    encoded = span.AsSpan(0, written).ToArray();
                    how = "span";
                    break;
                }
        }

        if (!compressed && !encoded.AsSpan().SequenceEqual(plain))
        {
            throw new FuzzMismatchException("V2 encoding into a " + how + " differs from encoding into an array");
        }

        var countType = original switch
        {
            LongConcurrentHistogram => HistogramCountType.LongConcurrent,
            IntConcurrentHistogram => HistogramCountType.IntConcurrent,
            IntHistogram => HistogramCountType.Int,
            ShortHistogram => HistogramCountType.Short,
            _ => HistogramCountType.Long,
        };
        int path = random.Next(5);
        EncodableHistogram decoded;
        if (path == 4)
        {
            // Into a target that already holds other values: it is reset and filled.
            decoded = DecodePath.Decode(_decoder, encoded, DecodePath.Span, DecodePath.Any, countType, random);
            if (decoded is DoubleHistogram d)
            {
                d.RecordValue(d.GetMaxValue() / 2);
            }
            else if (decoded is HistogramBase b)
            {
                b.RecordValueWithCount(b.LowestTrackableValue, 3);
            }

            DecodePath.DecodeInto(_decoder, encoded, random.Next(4), decoded, random);
            how += ", decoded into a used target";
        }
        else
        {
            decoded = DecodePath.Decode(_decoder, encoded, path, random.Next(2) == 0 ? DecodePath.Any : original is DoubleHistogram ? DecodePath.Double : DecodePath.Integer, countType, random);
            how += ", decoded from a " + DecodePath.Names[path];
        }

        if (!DecodePath.SameData(original, decoded))
        {
            throw new FuzzMismatchException((compressed ? "compressed (" + level + ") " : "V2 ") + how + ": " + DecodePath.Describe(original) + " came back as " + DecodePath.Describe(decoded));
        }

        if (!HistogramEncoder.Encode(decoded).AsSpan().SequenceEqual(plain))
        {
            throw new FuzzMismatchException((compressed ? "compressed " : "V2 ") + how + ": the decoded " + DecodePath.Describe(decoded) + " encodes to other bytes than the original");
        }

        return true;
    }
}
