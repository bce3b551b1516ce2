namespace HdrHistogram.UnitTests.Infrastructure;

/// <summary>Equality checked both ways, through <see cref="IEquatable{T}"/> and <see cref="object.Equals(object)"/>.</summary>
internal static class EqualityAssertions
{
    /// <summary>
    /// Asserts that <paramref name="a"/> and <paramref name="b"/> are equal (or not) whichever is asked, and that equal
    /// ones hash alike.
    /// </summary>
    public static void ShouldBeEqualBothWays<T>(T a, T b, bool expected)
        where T : class, IEquatable<T>
    {
        a.Equals(b).Should().Be(expected, "{0} vs {1}", a.GetType().Name, b.GetType().Name);
        b.Equals(a).Should().Be(expected, "{0} vs {1}", b.GetType().Name, a.GetType().Name);
        a.Equals((object)b).Should().Be(expected);
        if (expected)
        {
            a.GetHashCode().Should().Be(b.GetHashCode(), "equal histograms hash alike");
        }
    }
}
