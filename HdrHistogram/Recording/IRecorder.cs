#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

/// <summary>Something values can be recorded into: a histogram or a recorder.</summary>
public interface IRecorder
{
    /// <summary>Records one occurrence of <paramref name="value"/>.</summary>
    /// <param name="value">The value to record; must not be negative.</param>
    void RecordValue(long value);

    /// <summary>Records <paramref name="count"/> occurrences of <paramref name="value"/>.</summary>
    /// <param name="value">The value to record; must not be negative.</param>
    /// <param name="count">How many occurrences; must not be negative.</param>
    void RecordValueWithCount(long value, long count);

    /// <summary>Records <paramref name="value"/> and corrects for coordinated omission.</summary>
    /// <param name="value">The value to record; must not be negative.</param>
    /// <param name="expectedIntervalBetweenValueSamples">The expected interval between samples; 0 or less disables the correction.</param>
    void RecordValueWithExpectedInterval(long value, long expectedIntervalBetweenValueSamples);
}
