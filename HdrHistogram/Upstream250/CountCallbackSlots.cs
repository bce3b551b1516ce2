using HdrHistogram.Histograms.Counts;

namespace HdrHistogram.Upstream250;

/// <summary>
/// Slots that hand each count stored in them to HdrHistogram 2.5.0's <c>setCount</c> callback, so that its counts
/// decoders read payloads with the decoders' own loops (<see cref="Encoding.Counts.CountsFiller.Report"/>). Only
/// <see cref="Set"/> is supported: nothing is kept to read back.
/// </summary>
internal readonly struct CountCallbackSlots : ICountSlots<CountCallbackSlots>
{
    private readonly Action<int, long> _setCount;

    public CountCallbackSlots(Action<int, long> setCount, int length)
    {
        _setCount = setCount;
        Length = length;
    }

    public int Length { get; }

    public bool HoldsLongs => true;

    public void Set(int slot, long count) => _setCount(slot, count);

    public long Get(int slot) => throw WriteOnly();

    public int IndexOfNonZero(int from, int end) => throw WriteOnly();

    public int Find(int start, int length, long target, ref long cumulative) => throw WriteOnly();

    public bool TryAdd(CountCallbackSlots source, int length, out long addedTotal) => throw WriteOnly();

    public bool TrySubtract(CountCallbackSlots source, int length, out long subtractedTotal) => throw WriteOnly();

    private static NotSupportedException WriteOnly() => new("The counts handed to a callback cannot be read back.");
}
