using System;
using System.Collections.Generic;
using HdrHistogram.Encoding;

namespace HdrHistogram.Fuzz;

/// <summary>
/// Mutated encoded histograms decoded through one path (span, sequence, stream, one-byte stream). Every path but the
/// span one is compared with the span decode of the same bytes: both reject them, or both give the same histogram.
/// A histogram decoded is encoded again (V2) and decoded back to the same data.
/// </summary>
internal sealed class DecodeTarget : FuzzTarget
{
    private readonly IReadOnlyList<(string Name, byte[] Bytes)> _seeds;
    private readonly int _path;
    private readonly HistogramDecoder _decoder;
    private readonly HistogramDecoder _reference;

    public DecodeTarget(IReadOnlyList<(string Name, byte[] Bytes)> seeds, int path)
    {
        _decoder = Own(new HistogramDecoder(FuzzLimits.DecoderOptions()));
        _reference = Own(new HistogramDecoder(FuzzLimits.DecoderOptions()));
        _seeds = seeds;
        _path = path;
    }

    public override string Name => "decode " + DecodePath.Names[_path];

    public override FuzzInput Generate(Random random) => Mutator.NextInput(_seeds, s => s.Name, s => s.Bytes, random);

    public override bool Run(FuzzInput input, Random random)
    {
        var countType = (HistogramCountType)random.Next(6);
        int kind = random.Next(3);
        EncodableHistogram? decoded = null;
        HistogramFormatException? error = null;
        try
        {
            decoded = DecodePath.Decode(_decoder, input.Bytes, _path, kind, countType, random);
        }
        catch (HistogramFormatException e)
        {
            error = e;
        }

        if (_path != DecodePath.Span)
        {
            EncodableHistogram? expected = null;
            HistogramFormatException? expectedError = null;
            try
            {
                expected = DecodePath.Decode(_reference, input.Bytes, DecodePath.Span, kind, countType, random);
            }
            catch (HistogramFormatException e)
            {
                expectedError = e;
            }

            if ((error is null) != (expectedError is null))
            {
                throw new FuzzMismatchException("the " + DecodePath.Names[_path] + " decode " + (error is null ? "gave " + DescribeOrNull(decoded) : "raised '" + error.Message + "'")
                    + ", the span decode " + (expectedError is null ? "gave " + DescribeOrNull(expected) : "raised '" + expectedError.Message + "'"));
            }

            if (error is null && !DecodePath.SameData(decoded!, expected!))
            {
                throw new FuzzMismatchException("the " + DecodePath.Names[_path] + " decode gave " + DescribeOrNull(decoded) + ", the span decode " + DescribeOrNull(expected));
            }
        }

        if (error is not null)
        {
            return false;
        }

        // What decoded encodes and decodes back to the same data.
        byte[] again = HistogramEncoder.Encode(decoded!);
        var back = _reference.DecodeAny(again, countType);
        if (!DecodePath.SameData(decoded!, back))
        {
            throw new FuzzMismatchException("decoded " + DescribeOrNull(decoded) + " re-encodes to " + DescribeOrNull(back));
        }

        return true;
    }

    private static string DescribeOrNull(EncodableHistogram? h) => h is null ? "nothing" : DecodePath.Describe(h);
}
