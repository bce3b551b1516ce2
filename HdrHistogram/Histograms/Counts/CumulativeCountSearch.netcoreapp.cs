using System.Numerics;

namespace HdrHistogram.Histograms.Counts;

internal static partial class CumulativeCountSearch
{
    /// <summary>The sum of the lanes (one shuffle-and-add sequence on .NET 8+).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static long HorizontalSum(Vector<long> vector) => Vector.Sum(vector);
}
