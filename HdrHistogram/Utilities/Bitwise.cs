namespace HdrHistogram.Utilities;

/// <summary>
/// Bit-twiddling helpers used by the bucket arithmetic. The leading-zero count is the hot operation of every
/// record call: on .NET 8+ it is the hardware instruction (<c>BitOperations</c>), on netstandard2.0 a
/// branch-light software fallback (see the <c>.netcoreapp.cs</c> / <c>.netstandard.cs</c> parts).
/// </summary>
public static partial class Bitwise
{
}
