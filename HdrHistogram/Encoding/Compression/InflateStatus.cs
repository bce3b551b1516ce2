namespace HdrHistogram.Encoding.Compression;

/// <summary>How a call to <see cref="ZlibInflater.Inflate"/> ended.</summary>
internal enum InflateStatus
{
    /// <summary>The final deflate block ended; the Adler-32 trailer, when present, matched.</summary>
    Completed,

    /// <summary>
    /// The output span filled up before the final block ended: the whole span holds the start of the
    /// uncompressed data and the rest of the stream was not examined.
    /// </summary>
    OutputFull,

    /// <summary>
    /// <see cref="ZlibInflater.InflateWithZeroTail"/> only: the output filled up and the data after it holds a byte
    /// other than zero.
    /// </summary>
    NonZeroAfterOutput,
}
