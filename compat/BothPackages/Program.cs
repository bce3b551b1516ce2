using System;
using HdrHistogram;
using HdrHistogram.Encoding;

namespace Compat250.BothPackages;

/// <summary>Exits 0 only when the HdrHistogram assembly compiled against and loaded is this library, not 2.5.0.</summary>
public static class Program
{
    public static int Main()
    {
        var assembly = typeof(HistogramBase).Assembly.GetName();
        var histogram = new LongHistogram(3600L * 1000 * 1000, 3);
        histogram.RecordValue(1234);

        // HistogramDecoder exists only in this library: compiling this line proves the compiler got ours.
        var decoded = new HistogramDecoder().Decode(HistogramEncoder.Encode(histogram));
        Console.WriteLine(assembly.Name + " " + assembly.Version + ": decoded total " + decoded.TotalCount);
        if (assembly.Version is null || assembly.Version.Major < 3 || decoded.TotalCount != 1)
        {
            Console.Error.WriteLine("Expected this library (version 3 or later) to win over HdrHistogram 2.5.0.");
            return 1;
        }

        return 0;
    }
}
