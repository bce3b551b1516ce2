using System.Numerics;

namespace HdrHistogram.Histograms.Counts;

internal static partial class CumulativeCountSearch
{
    /// <summary>The sum of the lanes: netstandard2.0's System.Numerics.Vectors has no <c>Vector.Sum</c>, a dot product with ones is the same.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static long HorizontalSum(Vector<long> vector) => Vector.Dot(vector, Vector<long>.One);
}
