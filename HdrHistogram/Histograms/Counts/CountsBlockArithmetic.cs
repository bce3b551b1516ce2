using System;
using System.Numerics;
using System.Runtime.InteropServices;

namespace HdrHistogram.Utilities;

/// <summary>
/// Adds or subtracts whole counts arrays of the same length and type, slot by slot, a <see cref="Vector{T}"/> at a
/// time: the histograms' same-layout arithmetic. Each operation either completes or reports that it cannot (another
/// count type, a short or int count that would overflow, a negative count) having changed nothing, so that the
/// caller can take the general path, which raises the error.
/// </summary>
internal static class CountsBlockArithmetic
{
    /// <summary>Adds every positive count of <paramref name="source"/> to <paramref name="target"/>.</summary>
    /// <param name="target">The counts to add to.</param>
    /// <param name="source">The counts to add, laid out as <paramref name="target"/> is.</param>
    /// <param name="length">How many leading slots to cover: the source holds nothing beyond them.</param>
    /// <param name="addedTotal">The sum of the counts added.</param>
    /// <returns><c>false</c>, with nothing changed, when this cannot be done slot by slot.</returns>
    public static bool TryAdd(Array target, Array source, int length, out long addedTotal)
    {
        addedTotal = 0;
        if (target.Length != source.Length || (uint)length > (uint)target.Length)
        {
            return false;
        }

        switch (target, source)
        {
            case (long[] target64, long[] source64):
                addedTotal = AddPositive(target64.AsSpan(0, length), source64.AsSpan(0, length), negate: false);
                return true;
            case (int[] target32, int[] source32):
                {
                    Span<int> t = target32.AsSpan(0, length);
                    ReadOnlySpan<int> s = source32.AsSpan(0, length);
                    if (!AllSumsFit(t, s))
                    {
                        return false;
                    }

                    for (int i = 0; i < t.Length; i++)
                    {
                        int count = s[i]; // Read first: the source may be the target itself.
                        if (count != 0)
                        {
                            // A zero leaves the target slot (and its page) untouched.
                            t[i] += count;
                            addedTotal += count;
                        }
                    }

                    return true;
                }

            case (short[] target16, short[] source16):
                {
                    Span<short> t = target16.AsSpan(0, length);
                    ReadOnlySpan<short> s = source16.AsSpan(0, length);
                    if (!AllSumsFit(t, s))
                    {
                        return false;
                    }

                    for (int i = 0; i < t.Length; i++)
                    {
                        short count = s[i];
                        if (count != 0)
                        {
                            t[i] += count;
                            addedTotal += count;
                        }
                    }

                    return true;
                }

            default:
                return false;
        }
    }

    /// <summary>Subtracts every positive count of <paramref name="source"/> from <paramref name="target"/>.</summary>
    /// <param name="target">The counts to subtract from.</param>
    /// <param name="source">The counts to subtract, laid out as <paramref name="target"/> is.</param>
    /// <param name="length">How many leading slots to cover: the source holds nothing beyond them.</param>
    /// <param name="subtractedTotal">The sum of the counts subtracted.</param>
    /// <returns><c>false</c>, with nothing changed, when a count would go below zero or the types differ.</returns>
    public static bool TrySubtract(Array target, Array source, int length, out long subtractedTotal)
    {
        subtractedTotal = 0;
        if (target.Length != source.Length || (uint)length > (uint)target.Length)
        {
            return false;
        }

        switch (target, source)
        {
            case (long[] target64, long[] source64):
                {
                    Span<long> t = target64.AsSpan(0, length);
                    ReadOnlySpan<long> s = source64.AsSpan(0, length);
                    for (int i = 0; i < t.Length; i++)
                    {
                        if (s[i] > 0 && t[i] < s[i])
                        {
                            return false;
                        }
                    }

                    subtractedTotal = -AddPositive(t, s, negate: true);
                    return true;
                }

            case (int[] target32, int[] source32):
                {
                    Span<int> t = target32.AsSpan(0, length);
                    ReadOnlySpan<int> s = source32.AsSpan(0, length);
                    for (int i = 0; i < t.Length; i++)
                    {
                        if (s[i] > 0 && t[i] < s[i])
                        {
                            return false;
                        }
                    }

                    for (int i = 0; i < t.Length; i++)
                    {
                        int count = s[i]; // Read first: the source may be the target itself.
                        if (count > 0)
                        {
                            t[i] -= count;
                            subtractedTotal += count;
                        }
                    }

                    return true;
                }

            case (short[] target16, short[] source16):
                {
                    Span<short> t = target16.AsSpan(0, length);
                    ReadOnlySpan<short> s = source16.AsSpan(0, length);
                    for (int i = 0; i < t.Length; i++)
                    {
                        if (s[i] > 0 && t[i] < s[i])
                        {
                            return false;
                        }
                    }

                    for (int i = 0; i < t.Length; i++)
                    {
                        short count = s[i];
                        if (count > 0)
                        {
                            t[i] -= count;
                            subtractedTotal += count;
                        }
                    }

                    return true;
                }

            default:
                return false;
        }
    }

    /// <summary>Adds (or subtracts) the positive source counts, a vector at a time; returns their signed sum.</summary>
    private static long AddPositive(Span<long> t, ReadOnlySpan<long> s, bool negate)
    {
        long total = 0;
        int i = 0;
        if (Vector.IsHardwareAccelerated)
        {
            Span<Vector<long>> tv = MemoryMarshal.Cast<long, Vector<long>>(t);
            ReadOnlySpan<Vector<long>> sv = MemoryMarshal.Cast<long, Vector<long>>(s);
            var sum = Vector<long>.Zero;
            for (int v = 0; v < sv.Length; v++)
            {
                Vector<long> counts = sv[v];
                if (counts == Vector<long>.Zero)
                {
                    // Nothing to add: the target's memory is not even read, so the pages of a freshly allocated
                    // target (a Copy) that receive no count are never touched (each first touch is a page fault).
                    continue;
                }

                // Java skips negative (wrapped) counts: mask them to zero.
                Vector<long> positive = counts & Vector.GreaterThan(counts, Vector<long>.Zero);
                if (negate)
                {
                    positive = -positive;
                }

                tv[v] += positive;
                sum += positive;
            }

            total = Vector.Dot(sum, Vector<long>.One);
            i = sv.Length * Vector<long>.Count;
        }

        for (; i < t.Length; i++)
        {
            long count = s[i];
            if (count > 0)
            {
                count = negate ? -count : count;
                t[i] += count;
                total += count;
            }
        }

        return total;
    }

    /// <summary>Whether every slot the source adds to keeps its sum within the int range (and no count there is negative).</summary>
    private static bool AllSumsFit(ReadOnlySpan<int> t, ReadOnlySpan<int> s)
    {
        int i = 0;
        if (Vector.IsHardwareAccelerated)
        {
            ReadOnlySpan<Vector<int>> tv = MemoryMarshal.Cast<int, Vector<int>>(t);
            ReadOnlySpan<Vector<int>> sv = MemoryMarshal.Cast<int, Vector<int>>(s);
            var signs = Vector<int>.Zero;
            for (int v = 0; v < sv.Length; v++)
            {
                Vector<int> counts = sv[v];
                if (counts == Vector<int>.Zero)
                {
                    // Nothing added here: the target is not read (its untouched pages stay untouched).
                    continue;
                }

                // Two non-negative ints sum below 2^32: the sum's sign bit is set exactly when it overflows.
                signs |= tv[v] | counts | (tv[v] + counts);
            }

            if (Vector.LessThanAny(signs, Vector<int>.Zero))
            {
                return false;
            }

            i = sv.Length * Vector<int>.Count;
        }

        for (; i < t.Length; i++)
        {
            if (s[i] != 0 && (t[i] < 0 || s[i] < 0 || (long)t[i] + s[i] > int.MaxValue))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Whether every slot the source adds to keeps its sum within the short range (and no count there is negative).</summary>
    private static bool AllSumsFit(ReadOnlySpan<short> t, ReadOnlySpan<short> s)
    {
        int i = 0;
        if (Vector.IsHardwareAccelerated)
        {
            ReadOnlySpan<Vector<short>> tv = MemoryMarshal.Cast<short, Vector<short>>(t);
            ReadOnlySpan<Vector<short>> sv = MemoryMarshal.Cast<short, Vector<short>>(s);
            var signs = Vector<short>.Zero;
            for (int v = 0; v < sv.Length; v++)
            {
                Vector<short> counts = sv[v];
                if (counts == Vector<short>.Zero)
                {
                    // Nothing added here: the target is not read (its untouched pages stay untouched).
                    continue;
                }

                signs |= tv[v] | counts | (tv[v] + counts);
            }

            if (Vector.LessThanAny(signs, Vector<short>.Zero))
            {
                return false;
            }

            i = sv.Length * Vector<short>.Count;
        }

        for (; i < t.Length; i++)
        {
            if (s[i] != 0 && (t[i] < 0 || s[i] < 0 || t[i] + s[i] > short.MaxValue))
            {
                return false;
            }
        }

        return true;
    }
}
