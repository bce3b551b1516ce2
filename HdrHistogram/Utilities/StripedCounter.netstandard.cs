using System;
using System.Runtime.CompilerServices;

namespace HdrHistogram.Utilities;

internal sealed partial class StripedCounter
{
    /// <summary>netstandard2.0 has no processor id: the managed thread id spreads threads over the cells instead.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int CurrentStripe() => Environment.CurrentManagedThreadId;
}
