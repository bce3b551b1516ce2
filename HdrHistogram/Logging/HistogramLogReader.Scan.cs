using HdrHistogram.Logging;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

public sealed partial class HistogramLogReader
{
    // The interval line a scan handler is being told about: its parse and, for an unterminated last line, the
    // histogram decoded to see that it is complete. Valid while the handler runs (the line's bytes stay in the
    // source's buffer until the next line is peeked); the token tells a stale interval view from the current one.
    private ParsedLogLine _scanLine;
    private int _scanLineNumber;
    private EncodableHistogram? _scanDecoded;
    private long _scanToken;

    /// <summary>
    /// The loop behind <see cref="HistogramLogScanner.Scan"/>: the same lines, rules and errors as the reads, each
    /// line told to <paramref name="handler"/> as an event; interval payloads are decoded only when the handler asks.
    /// </summary>
    /// <returns><c>true</c> when the handler stopped the scan; <c>false</c> at the end of the input (for now).</returns>
    internal bool Scan(HistogramLogScanHandler handler)
    {
        ThrowIfDisposed();
        while (true)
        {
            if (!TryTakeLine(null, DecodeMode.Allocate, out int lineStart, out int lineLength, out var line, out var decoded))
            {
                return false;
            }

            int lineNumber = _lineNumber;
            bool stop;
            switch (line.Kind)
            {
                case LogLineKind.Comment:
                    stop = handler.OnComment(CommentText(lineStart, lineLength), lineNumber);
                    break;
                case LogLineKind.StartTime:
                    ObserveStartTime(line.Seconds, lineNumber);
                    stop = handler.OnStartTime(line.Seconds, lineNumber);
                    break;
                case LogLineKind.BaseTime:
                    ObserveBaseTime(line.Seconds);
                    stop = handler.OnBaseTime(line.Seconds, lineNumber);
                    break;
                case LogLineKind.Legend:
                    stop = handler.OnLegend(lineNumber);
                    break;
                case LogLineKind.Malformed:
                    ThrowUnlessSkippingMalformedLines(line, lineNumber);
                    continue;
                case LogLineKind.Interval:
                    double absoluteStart = ResolveAbsoluteStart(line.Timestamp, lineNumber);
                    _lastInterval = CreateEntry(line, absoluteStart, absoluteStart + line.Length, lineNumber);
                    _lastIntervalStartSec = absoluteStart;
                    _scanLine = line;
                    _scanLineNumber = lineNumber;
                    _scanDecoded = decoded;
                    long token = ++_scanToken;
                    try
                    {
                        stop = handler.OnInterval(new HistogramLogInterval(this, _lastInterval, token));
                    }
                    finally
                    {
                        _scanDecoded = null;
                        ++_scanToken;
                    }

                    break;
                default:
                    continue;
            }

            if (stop)
            {
                return true;
            }
        }
    }

    /// <summary>Decodes the interval a scan handler is being told about into a new histogram of the kind its cookie announces.</summary>
    internal EncodableHistogram DecodeScannedInterval(long token)
    {
        CheckScanToken(token);
        var histogram = _scanDecoded ?? Decode(_scanLine, null, DecodeMode.Allocate, _scanLineNumber, requirePadding: false);
        _scanDecoded = null; // handed out: a second call decodes anew
        ApplyEntry(histogram, _lastInterval);
        return histogram;
    }

    /// <summary>Decodes the interval a scan handler is being told about into <paramref name="target"/>.</summary>
    internal void DecodeScannedIntervalInto(long token, EncodableHistogram target)
    {
        if (target is null)
        {
            throw new ArgumentNullException(nameof(target));
        }

        CheckScanToken(token);
        Decode(_scanLine, target, DecodeMode.Into, _scanLineNumber, requirePadding: false);
        ApplyEntry(target, _lastInterval);
    }

    private void CheckScanToken(long token)
    {
        ThrowIfDisposed();
        if (token != _scanToken)
        {
            throw new InvalidOperationException("An interval's histogram can be decoded only while the scan handler is being told about that interval.");
        }
    }

    /// <summary>A comment line's text after its <c>#</c> (UTF-8; the line end is already cut off).</summary>
    private string CommentText(int lineStart, int lineLength)
    {
        var bytes = new ReadOnlySpan<byte>(_source.Buffer, lineStart, lineLength);
        int hash = bytes.IndexOf((byte)'#');
        return System.Text.Encoding.UTF8.GetString(_source.Buffer, lineStart + hash + 1, lineLength - hash - 1);
    }
}
