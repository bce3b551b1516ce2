using System.Diagnostics;

#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

/// <summary>A running timer from <see cref="HistogramExtensions.StartRecordingScope"/> (or, boxed, <see cref="HistogramExtensions.RecordScope"/>); disposing it records the elapsed ticks once.</summary>
public struct RecordingScope : IDisposable, IEquatable<RecordingScope>
{
    private readonly IRecorder? _recorder;
    private readonly long _start;
    private bool _disposed;

    internal RecordingScope(IRecorder recorder, long start)
    {
        _recorder = recorder;
        _start = start;
        _disposed = false;
    }

    /// <summary>Records the <see cref="Stopwatch"/> ticks elapsed since the scope started (only the first time).</summary>
    public void Dispose()
    {
        if (_disposed || _recorder is null)
        {
            return;
        }

        _disposed = true;
        _recorder.RecordValue(Stopwatch.GetTimestamp() - _start);
    }

    /// <inheritdoc />
    public readonly bool Equals(RecordingScope other) => ReferenceEquals(_recorder, other._recorder) && _start == other._start;

    /// <inheritdoc />
    public override readonly bool Equals(object? obj) => obj is RecordingScope other && Equals(other);

    /// <inheritdoc />
    public override readonly int GetHashCode() => _start.GetHashCode();

    /// <summary>Whether two scopes are the same timer.</summary>
    /// <param name="left">The first scope.</param>
    /// <param name="right">The second scope.</param>
    /// <returns><c>true</c> when equal.</returns>
    public static bool operator ==(RecordingScope left, RecordingScope right) => left.Equals(right);

    /// <summary>Whether two scopes are different timers.</summary>
    /// <param name="left">The first scope.</param>
    /// <param name="right">The second scope.</param>
    /// <returns><c>true</c> when not equal.</returns>
    public static bool operator !=(RecordingScope left, RecordingScope right) => !left.Equals(right);
}
