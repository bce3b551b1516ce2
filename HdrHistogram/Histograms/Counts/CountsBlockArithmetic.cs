using System.Numerics;
using System.Runtime.InteropServices;

namespace HdrHistogram.Histograms.Counts;

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
    /// <param name="source">The counts to add, laid out as <paramref name="target"/> is, of its length.</param>
    /// <param name="addedTotal">The sum of the counts added.</param>
    /// <returns><c>false</c>, with nothing changed, when a short or int count would overflow.</returns>
    public static bool TryAdd<T>(Span<T> target, ReadOnlySpan<T> source, out long addedTotal)
        where T : unmanaged
    {
        addedTotal = 0;
        if (CountStorage.IsInt64<T>())
        {
            addedTotal = AddPositive(MemoryMarshal.Cast<T, long>(target), MemoryMarshal.Cast<T, long>(source), negate: false);
            return true;
        }

        if (!AllSumsFit(target, source))
        {
            return false;
        }

        for (int i = 0; i < target.Length; i++)
        {
            long count = CountStorage.ToInt64(in source[i]); // Read first: the source may be the target itself.
            if (count != 0)
            {
                // A zero leaves the target slot (and its page) untouched.
                target[i] = CountStorage.FromInt64<T>(CountStorage.ToInt64(in target[i]) + count);
                addedTotal += count;
            }
        }

        return true;
    }

    /// <summary>Subtracts every positive count of <paramref name="source"/> from <paramref name="target"/>.</summary>
    /// <param name="target">The counts to subtract from.</param>
    /// <param name="source">The counts to subtract, laid out as <paramref name="target"/> is, of its length.</param>
    /// <param name="subtractedTotal">The sum of the counts subtracted.</param>
    /// <returns><c>false</c>, with nothing changed, when a count would go below zero.</returns>
    public static bool TrySubtract<T>(Span<T> target, ReadOnlySpan<T> source, out long subtractedTotal)
        where T : unmanaged
    {
        subtractedTotal = 0;
        for (int i = 0; i < target.Length; i++)
        {
            long count = CountStorage.ToInt64(in source[i]);
            if (count > 0 && CountStorage.ToInt64(in target[i]) < count)
            {
                return false;
            }
        }

        if (CountStorage.IsInt64<T>())
        {
            subtractedTotal = -AddPositive(MemoryMarshal.Cast<T, long>(target), MemoryMarshal.Cast<T, long>(source), negate: true);
            return true;
        }

        for (int i = 0; i < target.Length; i++)
        {
            long count = CountStorage.ToInt64(in source[i]); // Read first: the source may be the target itself.
            if (count > 0)
            {
                target[i] = CountStorage.FromInt64<T>(CountStorage.ToInt64(in target[i]) - count);
                subtractedTotal += count;
            }
        }

        return true;
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

    /// <summary>
    /// Whether every slot the source adds to keeps its sum within the range of <typeparamref name="T"/> (int or
    /// short), and no count there is negative.
    /// </summary>
    private static bool AllSumsFit<T>(Span<T> target, ReadOnlySpan<T> source)
        where T : unmanaged
    {
        int i = 0;
        if (Vector.IsHardwareAccelerated)
        {
            ReadOnlySpan<Vector<T>> tv = MemoryMarshal.Cast<T, Vector<T>>(target);
            ReadOnlySpan<Vector<T>> sv = MemoryMarshal.Cast<T, Vector<T>>(source);
            var signs = Vector<T>.Zero;
            for (int v = 0; v < sv.Length; v++)
            {
                Vector<T> counts = sv[v];
                if (counts == Vector<T>.Zero)
                {
                    // Nothing added here: the target is not read (its untouched pages stay untouched).
                    continue;
                }

                // Two non-negative counts sum below twice the maximum: the sum's sign bit is set exactly when it overflows.
                signs |= tv[v] | counts | (tv[v] + counts);
            }

            if (Vector.LessThanAny(signs, Vector<T>.Zero))
            {
                return false;
            }

            i = sv.Length * Vector<T>.Count;
        }

        for (; i < target.Length; i++)
        {
            long t = CountStorage.ToInt64(in target[i]);
            long s = CountStorage.ToInt64(in source[i]);
            if (s != 0 && (t < 0 || s < 0 || t + s > CountStorage.MaxValue<T>()))
            {
                return false;
            }
        }

        return true;
    }
}
