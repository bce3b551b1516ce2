using HdrHistogram.Encoding;

namespace HdrHistogram.Logging;

/// <summary>How a <see cref="HistogramLogReader"/> treats malformed lines, and the limits it applies.</summary>
public sealed class HistogramLogReaderOptions
{
    /// <summary>The default <see cref="MaxLineLength"/>: 128 MiB, more than the base64 text of any histogram the default decoder limits accept.</summary>
    public const int DefaultMaxLineLength = 128 * 1024 * 1024;

    private int _maxLineLength = DefaultMaxLineLength;
    private HistogramDecoderOptions _decoderOptions = new();

    /// <summary>
    /// Skip malformed lines (a field that is missing or not a number, a payload that is not base64 or not a valid
    /// compressed histogram) instead of raising <see cref="HistogramFormatException"/>. Off by default.
    /// </summary>
    public bool SkipMalformedLines { get; set; }

    /// <summary>
    /// Treat a malformed last line that has no line end like any other malformed line. Off by default: such a line is
    /// taken to be an interval still being written, so reading ends there cleanly (and a later read, after the writer
    /// has finished the line, returns it).
    /// </summary>
    public bool PartialLastLineIsMalformed { get; set; }

    /// <summary>The longest line accepted, in bytes (UTF-8); a longer line raises <see cref="HistogramFormatException"/>. At least 1024.</summary>
    /// <exception cref="ArgumentOutOfRangeException">Set to less than 1024.</exception>
    public int MaxLineLength
    {
        get => _maxLineLength;
        set => _maxLineLength = OptionGuard.AtLeast(value, 1024, "MaxLineLength must be at least 1024.");
    }

    /// <summary>The limits of the decoder that decodes each interval's payload (copied when the reader is created).</summary>
    /// <exception cref="ArgumentNullException">Set to null.</exception>
    public HistogramDecoderOptions DecoderOptions
    {
        get => _decoderOptions;
        set => _decoderOptions = value ?? throw new ArgumentNullException(nameof(value));
    }

    /// <summary>Copies these options.</summary>
    /// <returns>An independent copy.</returns>
    public HistogramLogReaderOptions Clone() => new()
    {
        SkipMalformedLines = SkipMalformedLines,
        PartialLastLineIsMalformed = PartialLastLineIsMalformed,
        MaxLineLength = MaxLineLength,
        DecoderOptions = DecoderOptions.Clone(),
    };
}
