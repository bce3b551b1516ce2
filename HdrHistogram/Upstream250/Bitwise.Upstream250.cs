#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram.Utilities;

// HdrHistogram 2.5.0's leading-zero count, over the one the bucket arithmetic uses.
public static partial class Bitwise
{
    /// <summary>Returns the number of zero bits preceding the highest-order one bit of <paramref name="value"/> (64 for 0).</summary>
    /// <param name="value">The value to inspect, treated as unsigned.</param>
    /// <returns>A number from 0 to 64.</returns>
    public static int NumberOfLeadingZeros(long value) => LeadingZeroCount((ulong)value);
}
