namespace HdrHistogram.Utilities;

/// <summary>Arrays whose every element the caller writes before reading any (netstandard2.0 has no uninitialized allocation: zeroed).</summary>
internal static class UninitializedArray
{
    /// <summary>A new array of <paramref name="length"/> elements of unspecified content.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="length">The number of elements.</param>
    /// <returns>The array; the caller must write every element before reading it.</returns>
    public static T[] Create<T>(int length)
        where T : unmanaged
        => new T[length];
}
