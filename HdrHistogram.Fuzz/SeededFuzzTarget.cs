using System;

namespace HdrHistogram.Fuzz;

/// <summary>
/// A target whose input is a seed: it builds its case (a histogram, a log) from a <see cref="Random"/> seeded with it,
/// so that a failure's input replays the same case.
/// </summary>
internal abstract class SeededFuzzTarget : FuzzTarget
{
    /// <summary>What the seed makes, as the input's description names it ("histogram", "log").</summary>
    protected abstract string SeedMakes { get; }

    public sealed override FuzzInput Generate(Random random)
    {
        int seed = random.Next();
        return new FuzzInput(BitConverter.GetBytes(seed), -1, SeedMakes + " seed " + seed);
    }

    public sealed override bool Run(FuzzInput input, Random random) => Run(BitConverter.ToInt32(input.Bytes), random);

    /// <summary>
    /// Runs the case <paramref name="seed"/> makes; <paramref name="random"/> makes the choices that are not part of
    /// the case (how it is encoded, decoded, stored).
    /// </summary>
    protected abstract bool Run(int seed, Random random);
}
