using System.Runtime.CompilerServices;
using System.Threading;

namespace HdrHistogram.Utilities;

internal sealed partial class StripedCounter
{
    /// <summary>The processor the thread runs on (cached by the runtime): threads running at once never share it.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int CurrentStripe() => Thread.GetCurrentProcessorId();
}
