namespace HdrHistogram.Fuzz;

/// <summary>One generated input: its bytes, the seed it was mutated from (an index into the target's seeds, or -1)
/// and how it was made.</summary>
internal sealed record FuzzInput(byte[] Bytes, int SeedIndex, string Description);
