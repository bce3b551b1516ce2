using System.Collections.Generic;
using System.Linq;
using FluentAssertions;

namespace HdrHistogram.UnitTests.Infrastructure;

/// <summary>
/// Equality of long sequences (bucket lists, encodings, snapshots) checked with <see cref="Enumerable.SequenceEqual{T}(IEnumerable{T}, IEnumerable{T})"/>
/// first: FluentAssertions' <c>Equal</c> costs microseconds per element, which loops of thousands of rounds pay
/// millions of times. Only a difference goes to FluentAssertions, for its message naming the first differing element.
/// </summary>
internal static class SequenceAssertions
{
    /// <summary>Asserts that <paramref name="actual"/> holds the elements of <paramref name="expected"/> in order.</summary>
    public static void ShouldEqualSequence<T>(this IEnumerable<T> actual, IEnumerable<T> expected, string because = "", params object[] becauseArgs)
    {
        var actualList = actual as IReadOnlyList<T> ?? actual.ToList();
        var expectedList = expected as IReadOnlyList<T> ?? expected.ToList();
        if (!actualList.SequenceEqual(expectedList))
        {
            actualList.Should().Equal(expectedList, because, becauseArgs);
        }
    }
}
