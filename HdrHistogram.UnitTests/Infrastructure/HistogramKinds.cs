namespace HdrHistogram.UnitTests.Infrastructure;

/// <summary>
/// The integer histogram types by the short names theory cases carry: "long", "int", "short", "long-concurrent",
/// "int-concurrent", "packed" and "packed-concurrent".
/// </summary>
internal static class HistogramKinds
{
    /// <summary>A new histogram of <paramref name="kind"/> with the given range and precision.</summary>
    public static HistogramBase Create(string kind, long lowest, long highest, int digits) => Create(kind, 0, lowest, highest, digits);

    /// <summary>A new histogram of <paramref name="kind"/>, as a recorder's factory builds it (with an instance id).</summary>
    public static HistogramBase Create(string kind, long instanceId, long lowest, long highest, int digits) => kind switch
    {
        "long" => new LongHistogram(instanceId, lowest, highest, digits),
        "int" => new IntHistogram(instanceId, lowest, highest, digits),
        "short" => new ShortHistogram(instanceId, lowest, highest, digits),
        "long-concurrent" => new LongConcurrentHistogram(instanceId, lowest, highest, digits),
        "int-concurrent" => new IntConcurrentHistogram(instanceId, lowest, highest, digits),
        "packed" => new PackedHistogram(instanceId, lowest, highest, digits),
        "packed-concurrent" => new PackedConcurrentHistogram(instanceId, lowest, highest, digits),
        _ => throw new ArgumentOutOfRangeException(nameof(kind), kind, "no such histogram kind"),
    };
}
