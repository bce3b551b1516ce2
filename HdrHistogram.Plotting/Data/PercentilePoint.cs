namespace HdrHistogram.Plotting.Data;

/// <summary>One point of a percentile distribution: <see cref="Value"/> at <see cref="Percentile"/> (0 to 100).</summary>
/// <param name="Percentile">The percentile, 0 to 100.</param>
/// <param name="Value">The value at that percentile, as recorded (not yet divided by a unit ratio).</param>
/// <param name="Count">How many recorded values are at or below <see cref="Value"/> (a .hgrm line's TotalCount); -1 when unknown.</param>
public readonly record struct PercentilePoint(double Percentile, double Value, long Count = -1);
