using HdrHistogram.Encoding;
using HdrHistogram.Logging;

#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

public partial class DoubleHistogram
{
    /// <summary>
    /// Checks the configuration a DoubleHistogram encoding declares in its 16-byte wrapper against Java's constructor
    /// constraints (ratio at least 2, digits 0 to 5, ratio × 10^digits below 2^61), without throwing.
    /// </summary>
    /// <param name="highestToLowestValueRatio">The encoded configured highest-to-lowest value ratio.</param>
    /// <param name="numberOfSignificantValueDigits">The encoded number of significant value digits.</param>
    /// <param name="integerValueRange">The internal histogram's value range (its highest trackable value is one less).</param>
    /// <param name="ratioProblem">Whether the problem lies in the ratio (else in the digits).</param>
    /// <returns>The problem, or null when the configuration is valid.</returns>
    internal static string? CheckEncodedConfiguration(long highestToLowestValueRatio, int numberOfSignificantValueDigits, out long integerValueRange, out bool ratioProblem)
    {
        integerValueRange = 0;
        ratioProblem = false;
        if (numberOfSignificantValueDigits < 0 || numberOfSignificantValueDigits > 5)
        {
            return "the number of significant value digits is " + Str(numberOfSignificantValueDigits) + "; it must be between 0 and 5";
        }

        ratioProblem = true;
        if (highestToLowestValueRatio < 2)
        {
            return "the highest-to-lowest value ratio is " + Str(highestToLowestValueRatio) + "; it must be at least 2";
        }

        // Java's test, in double arithmetic.
        if (highestToLowestValueRatio * Math.Pow(10.0, numberOfSignificantValueDigits) >= (1L << 61))
        {
            return "the highest-to-lowest value ratio (" + Str(highestToLowestValueRatio) + ") times 10^" + Str(numberOfSignificantValueDigits)
                + " must be less than 2^61";
        }

        ratioProblem = false;
        integerValueRange = DeriveIntegerValueRange(highestToLowestValueRatio, numberOfSignificantValueDigits);
        return null;
    }

    /// <summary>
    /// Checks that an internal histogram with conversion ratio <paramref name="integerToDoubleValueConversionRatio"/>
    /// gives a usable covered range under the encoded configuration: the range and both conversion ratios finite.
    /// </summary>
    /// <returns>The problem, or null when the scale is usable.</returns>
    internal static string? CheckEncodedScale(long highestToLowestValueRatio, int numberOfSignificantValueDigits, double integerToDoubleValueConversionRatio)
    {
        double lowest = integerToDoubleValueConversionRatio * (NumberOfSubBuckets(numberOfSignificantValueDigits) / 2);
        double highestLimit = lowest * DeriveInternalHighestToLowestValueRatio(highestToLowestValueRatio);
        double doubleToInteger = 1.0 / integerToDoubleValueConversionRatio;
        if (!(integerToDoubleValueConversionRatio > 0 && highestLimit <= double.MaxValue && doubleToInteger <= double.MaxValue))
        {
            return "the integer-to-double conversion ratio " + FormatDouble(integerToDoubleValueConversionRatio)
                + " gives a covered range (" + FormatDouble(lowest) + " to "
                + FormatDouble(highestLimit) + ") or an inverse ratio beyond double precision";
        }

        return null;
    }

    /// <inheritdoc />
    /// <remarks>A concurrent histogram holds its range change lock, a synchronized one its lock, so that the wrapper matches the internal histogram.</remarks>
    internal override int EncodeUncompressed(Span<byte> destination, out LogLineFields fields)
    {
        fields = new LogLineFields(
            _integerValuesHistogram.StartTimeStampValue,
            _integerValuesHistogram.EndTimeStampValue,
            _integerValuesHistogram.TagValue,
            MaxValue());
        return DoubleEncoder.EncodeAsIs(this, destination);
    }

    /// <summary>
    /// Replaces this histogram's content with the encoded DoubleHistogram at the start of <paramref name="source"/>,
    /// whose wrapper the decoder has checked (the decoder's decode-into; see <see cref="HistogramDecoder.ReplaceContent(DoubleHistogram, ReadOnlySpan{byte}, bool, in DoubleWrapper)"/>).
    /// The decoder reaches a target through this one member: a <see cref="SynchronizedDoubleHistogram"/> holds its
    /// lock for it, so that its readers see it before or after the decode, never midway.
    /// </summary>
    /// <returns>The number of bytes the internal histogram's encoding took.</returns>
    internal virtual int DecodeInto(HistogramDecoder decoder, ReadOnlySpan<byte> source, bool compressed, in DoubleWrapper wrapper)
        => decoder.ReplaceContent(this, source, compressed, wrapper);

    /// <summary>
    /// Runs <paramref name="operation"/>(<paramref name="target"/>, this, <paramref name="argument"/>): an operation of
    /// <paramref name="target"/> with this histogram as its other operand. Here it just runs;
    /// <see cref="SynchronizedDoubleHistogram"/> runs it under its lock (see <see cref="HistogramBase.AsOperandOf"/>).
    /// </summary>
    internal virtual TResult AsOperandOf<TArgument, TResult>(DoubleHistogram target, TArgument argument, Func<DoubleHistogram, DoubleHistogram, TArgument, TResult> operation)
        => operation(target, this, argument);

    /// <summary>
    /// Completes a decode into this histogram: its internal histogram has been filled from the data (and grown to
    /// the data's range when it was narrower); take the data's dynamic range when the internal histogram now has
    /// exactly the data's range (a wider one keeps this histogram's own), move the covered range onto the decoded
    /// conversion ratio, and turn auto-resizing on, as Java's decoder does.
    /// </summary>
    internal void CompleteDecodeInto(long highestToLowestValueRatio, long integerValueRange)
    {
        if (_integerValuesHistogram.HighestTrackableValue == integerValueRange - 1)
        {
            _configuredHighestToLowestValueRatio = highestToLowestValueRatio;
        }

        Init(
            _configuredHighestToLowestValueRatio,
            _integerValuesHistogram.IntegerToDoubleValueConversionRatio * _integerValuesHistogram.SubBucketHalfCount);
        AutoResize = true;
    }

    private static string Str(long value) => value.ToString(CultureInfo.InvariantCulture);
}
