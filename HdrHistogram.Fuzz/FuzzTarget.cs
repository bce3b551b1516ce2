using System;
using System.Collections.Generic;

namespace HdrHistogram.Fuzz;

/// <summary>
/// Something to fuzz: it makes an input from the random source and runs it. An input passes when it completes, or
/// raises the documented <see cref="HistogramFormatException"/>; anything else it raises, a
/// <see cref="FuzzMismatchException"/> included, is a failure.
/// </summary>
internal abstract class FuzzTarget : IDisposable
{
    private readonly List<IDisposable> _owned = new();

    public abstract string Name { get; }

    /// <summary>Makes one input.</summary>
    public abstract FuzzInput Generate(Random random);

    /// <summary>Runs one input; returns true when it was accepted, false when it was rejected as malformed (the
    /// target caught the <see cref="HistogramFormatException"/> itself, e.g. after checking something about it).</summary>
    public abstract bool Run(FuzzInput input, Random random);

    public void Dispose()
    {
        Dispose(true);
        GC.SuppressFinalize(this);
    }

    /// <summary>Releases the target's decoders and compressors (those it registered with <see cref="Own"/>).</summary>
    protected virtual void Dispose(bool disposing)
    {
        if (disposing)
        {
            foreach (var owned in _owned)
            {
                owned.Dispose();
            }
        }
    }

    /// <summary>Registers <paramref name="disposable"/> (a decoder, a compressor) to be disposed with the target; returns it.</summary>
    protected T Own<T>(T disposable)
        where T : IDisposable
    {
        _owned.Add(disposable);
        return disposable;
    }
}
