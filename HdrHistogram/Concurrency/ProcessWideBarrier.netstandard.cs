using System.Reflection;

namespace HdrHistogram.Concurrency;

/// <summary>
/// A memory barrier on every thread of the process: <c>Interlocked.MemoryBarrierProcessWide</c>, which netstandard2.0
/// does not declare but every runtime from .NET Core 3.0 on has; found once by reflection. Unavailable on .NET
/// Framework, where the recorders keep their atomic handshake.
/// </summary>
internal static class ProcessWideBarrier
{
    private static readonly Action? Barrier = Find();

    /// <summary>Whether the running runtime has the process-wide barrier.</summary>
    public static bool IsAvailable => Barrier is not null;

    /// <summary>
    /// Makes every thread of the process pass a full memory barrier before this returns: what any thread stored before
    /// that point is visible to the caller afterwards, and what the caller stored before the call is visible to any
    /// thread's loads after that point.
    /// </summary>
    /// <exception cref="PlatformNotSupportedException">The runtime has no process-wide barrier (<see cref="IsAvailable"/> is false).</exception>
    public static void Execute()
    {
        if (Barrier is null)
        {
            throw new PlatformNotSupportedException("This runtime has no process-wide memory barrier.");
        }

        Barrier();
    }

    private static Action? Find()
    {
        MethodInfo? method = typeof(Interlocked).GetMethod("MemoryBarrierProcessWide", BindingFlags.Public | BindingFlags.Static, null, Type.EmptyTypes, null);
        return method is null ? null : (Action)Delegate.CreateDelegate(typeof(Action), method);
    }
}
