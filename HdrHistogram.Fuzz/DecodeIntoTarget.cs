using System;
using System.Collections.Generic;
using HdrHistogram.Encoding;

namespace HdrHistogram.Fuzz;

/// <summary>
/// Mutated encoded histograms decoded into reused targets of every type (long, int, short, the two concurrent ones,
/// double and concurrent double), each made from its seed, through a random path. A target filled must hold what a new
/// histogram decoded from the same bytes holds; a failure leaves the target unchanged (the documented contract), and
/// the target then still takes its seed again and holds exactly that.
/// </summary>
internal sealed class DecodeIntoTarget : FuzzTarget
{
    private static readonly HistogramCountType[] IntegerTypes =
    {
        HistogramCountType.Long, HistogramCountType.Int, HistogramCountType.Short, HistogramCountType.LongConcurrent, HistogramCountType.IntConcurrent,
    };

    private readonly List<(string Name, byte[] Bytes, EncodableHistogram[] Targets, EncodableHistogram[] Clean, HistogramCountType[] Types)> _seeds = new();
    private readonly HistogramDecoder _decoder;
    private readonly HistogramDecoder _reference;

    public DecodeIntoTarget(IReadOnlyList<(string Name, byte[] Bytes)> seeds)
    {
        _decoder = Own(new HistogramDecoder(FuzzLimits.DecoderOptions()));
        _reference = Own(new HistogramDecoder(FuzzLimits.DecoderOptions()));
        foreach (var (name, bytes) in seeds)
        {
            var targets = new List<EncodableHistogram>();
            var clean = new List<EncodableHistogram>();
            var types = new List<HistogramCountType>();
            try
            {
                if (_reference.DecodeAny(bytes) is DoubleHistogram)
                {
                    var d = _reference.DecodeDouble(bytes);
                    targets.Add(_reference.DecodeDouble(bytes));
                    clean.Add(d);
                    types.Add(HistogramCountType.Default);
                    var concurrent = new DoubleConcurrentHistogram(d.GetHighestToLowestValueRatio(), d.NumberOfSignificantValueDigits);
                    _reference.DecodeInto(bytes, concurrent);
                    targets.Add(concurrent);
                    clean.Add(d);
                    types.Add(HistogramCountType.Default);
                }
                else
                {
                    foreach (var type in IntegerTypes)
                    {
                        try
                        {
                            targets.Add(_reference.Decode(bytes, type));
                            clean.Add(_reference.Decode(bytes, type));
                            types.Add(type);
                        }
                        catch (HistogramFormatException)
                        {
                            // e.g. counts too large for 16 bits: no target of that type for this seed
                        }
                    }
                }
            }
            catch (HistogramFormatException)
            {
                // a seed beyond the fuzz limits (or a fixture of a bad input): not a seed here
            }

            if (targets.Count > 0)
            {
                _seeds.Add((name, bytes, targets.ToArray(), clean.ToArray(), types.ToArray()));
            }
        }
    }

    public override string Name => "decode into reused targets";

    // What a failed DecodeInto must not change: the counts (as V2 bytes, which also carry the configuration and range),
    // the total, the extremes and the range.
    private static string State(EncodableHistogram h)
    {
        string v2 = Convert.ToBase64String(HistogramEncoder.Encode(h));
        return h switch
        {
            DoubleHistogram d => FormattableString.Invariant($"total {d.TotalCount}, max {d.GetMaxValue():R}, min non-zero {d.GetMinNonZeroValue():R}, ratio {d.IntegerToDoubleValueConversionRatio:R}, V2 {v2}"),
            HistogramBase b => FormattableString.Invariant($"total {b.TotalCount}, max {b.GetMaxValue()}, min non-zero {b.GetMinNonZeroValue()}, highest {b.HighestTrackableValue}, length {b.CountsArrayLength}, V2 {v2}"),
            _ => v2,
        };
    }

    public override FuzzInput Generate(Random random) => Mutator.NextInput(_seeds, s => s.Name, s => s.Bytes, random);

    public override bool Run(FuzzInput input, Random random)
    {
        var seed = _seeds[input.SeedIndex];
        int t = random.Next(seed.Targets.Length);
        var target = seed.Targets[t];
        int path = random.Next(4);
        string before = State(target);
        try
        {
            DecodePath.DecodeInto(_decoder, input.Bytes, path, target, random);
        }
        catch (HistogramFormatException e)
        {
            // The documented contract: a failed DecodeInto leaves the target unchanged, whatever the error and target.
            string after = State(target);
            if (after != before)
            {
                throw new FuzzMismatchException("a failed DecodeInto (" + DecodePath.Names[path] + ": " + e.Message + ") changed the " + target.GetType().Name + " target: " + before + " became " + after);
            }

            // The target must still be usable: its seed decodes into it again, to exactly the seed's data.
            try
            {
                DecodePath.DecodeInto(_decoder, seed.Bytes, DecodePath.Span, target, random);
            }
            catch (HistogramFormatException again)
            {
                throw new FuzzMismatchException("after a failed DecodeInto (" + e.Message + "), the " + target.GetType().Name + " target no longer takes its seed: " + again.Message);
            }

            if (!DecodePath.SameData(target, seed.Clean[t]))
            {
                throw new FuzzMismatchException("after a failed DecodeInto (" + e.Message + ") and its seed decoded into it again, the " + target.GetType().Name + " target holds " + DecodePath.Describe(target) + ", not " + DecodePath.Describe(seed.Clean[t]));
            }

            return false;
        }

        // What was filled equals a new histogram decoded from the same bytes.
        EncodableHistogram fresh;
        try
        {
            fresh = target is DoubleHistogram
                ? _reference.DecodeDouble(input.Bytes)
                : _reference.Decode(input.Bytes, seed.Types[t]);
        }
        catch (HistogramFormatException e)
        {
            throw new FuzzMismatchException("DecodeInto a " + target.GetType().Name + " (" + DecodePath.Names[path] + ") accepted bytes that a new decode rejects: " + e.Message);
        }

        if (!DecodePath.SameData(target, fresh))
        {
            throw new FuzzMismatchException("DecodeInto a " + target.GetType().Name + " (" + DecodePath.Names[path] + ") gave " + DecodePath.Describe(target) + ", a new decode " + DecodePath.Describe(fresh));
        }

        return true;
    }
}
