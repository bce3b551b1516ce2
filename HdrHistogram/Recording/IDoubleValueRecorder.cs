#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

/// <summary>
/// Something double values can be recorded into and that can start over (Java's <c>DoubleValueRecorder</c>): every
/// <see cref="DoubleHistogram"/> and the double recorders.
/// </summary>
public interface IDoubleValueRecorder
{
    /// <summary>Records one occurrence of <paramref name="value"/>.</summary>
    /// <param name="value">The value to record; zero or positive and finite.</param>
    void RecordValue(double value);

    /// <summary>Records <paramref name="count"/> occurrences of <paramref name="value"/>.</summary>
    /// <param name="value">The value to record; zero or positive and finite.</param>
    /// <param name="count">How many occurrences; must not be negative.</param>
    void RecordValueWithCount(double value, long count);

    /// <summary>Records <paramref name="value"/> and corrects for coordinated omission.</summary>
    /// <param name="value">The value to record; zero or positive and finite.</param>
    /// <param name="expectedIntervalBetweenValueSamples">The expected interval between samples; 0 or less disables the correction.</param>
    void RecordValueWithExpectedInterval(double value, double expectedIntervalBetweenValueSamples);

    /// <summary>Discards every value recorded so far.</summary>
    void Reset();
}
