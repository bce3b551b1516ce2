using System;
using System.Globalization;
using HdrHistogram;

// Writes a jHiccup-style histogram log: INTERVALS one-second intervals from 2023-11-14T22:13:20Z, VALUES values each
// (nanoseconds, 3 significant digits): a body around 20 us, a tail to a few ms, and every 3600th interval a stall of
// 120 ms recorded with coordinated-omission correction at 1 ms, as jHiccup records one. Seeded, so the same arguments
// write the same log.
//   dotnet run --project eng/LogGenerator -c Release -- OUT.hlog INTERVALS [VALUES]
if (args.Length is < 2 or > 3)
{
    Console.Error.WriteLine("usage: LogGenerator OUT.hlog INTERVALS [VALUES (default 786)]");
    return 2;
}

string path = args[0];
int intervals = int.Parse(args[1], CultureInfo.InvariantCulture);
int values = args.Length > 2 ? int.Parse(args[2], CultureInfo.InvariantCulture) : 786;
const long StartMs = 1_700_000_000_000;
var random = new Random(42);
var interval = new LongHistogram(1, 3_600_000_000_000, 3);
using var writer = new HistogramLogWriter(path);
writer.OutputLogFormatVersion();
writer.OutputStartTime(StartMs);
writer.OutputLegend();
for (int i = 0; i < intervals; i++)
{
    interval.Reset();
    for (int v = 0; v < values; v++)
    {
        // Log-normal body (median 20 us, within 3 %), one value in a thousand ten to a hundred times slower.
        double gaussian = Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
        double ns = 20_000 * Math.Exp(0.03 * gaussian);
        if (random.Next(1000) == 0)
        {
            ns *= 10 + (90 * random.NextDouble());
        }

        interval.RecordValue((long)ns);
    }

    if (i % 3600 == 1800)
    {
        interval.RecordValueWithExpectedInterval(120_000_000, 1_000_000);
    }

    interval.StartTimeStamp = StartMs + (i * 1000L);
    interval.EndTimeStamp = interval.StartTimeStamp + 1000;
    writer.OutputIntervalHistogram(interval);
}

Console.WriteLine(path + ": " + intervals.ToString(CultureInfo.InvariantCulture) + " intervals of " + values.ToString(CultureInfo.InvariantCulture) + " values");
return 0;
