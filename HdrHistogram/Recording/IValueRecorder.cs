#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

/// <summary>
/// Something integer values can be recorded into and that can start over (Java's <c>ValueRecorder</c>): every
/// integer histogram and the integer recorders.
/// </summary>
/// <remarks>
/// Code written against this interface records the same way into a <see cref="LongHistogram"/>, a
/// <see cref="SynchronizedHistogram"/>, a <see cref="LongConcurrentHistogram"/> or a <see cref="Recorder"/>; the
/// record members are those of <see cref="IRecorder"/>.
/// </remarks>
public interface IValueRecorder : IRecorder
{
    /// <summary>Discards every value recorded so far.</summary>
    void Reset();
}
