using System;
using System.Collections.Generic;
using System.Linq;

namespace HdrHistogram.Fuzz;

/// <summary>The fuzz harness's entry point: loads the seeds, runs the targets, exits 1 when an input failed.</summary>
internal static class Program
{
    private static int Main(string[] args)
    {
        var settings = FuzzSettings.Parse(args, Console.Error);
        if (settings is null)
        {
            return 2;
        }

        var corpus = Corpus.Load(settings.FixturesFolder!, new Random(settings.Seed));
        Console.WriteLine($"fuzz: {corpus.Payloads.Count} encoded histograms, {corpus.ZlibStreams.Count} zlib streams, {corpus.Logs.Count} logs as seeds ({settings.FixturesFolder})");
        var targets = new List<FuzzTarget>
        {
            new DecodeTarget(corpus.Payloads, DecodePath.Span),
            new DecodeTarget(corpus.Payloads, DecodePath.Sequence),
            new DecodeTarget(corpus.Payloads, DecodePath.Stream),
            new DecodeTarget(corpus.Payloads, DecodePath.OneByteStream),
            new DecodeIntoTarget(corpus.Payloads),
            new InflateTarget(corpus.ZlibStreams),
            new DeflateTarget(corpus.Payloads),
            new LogReadTarget(corpus.Logs, oneByte: false),
            new LogReadTarget(corpus.Logs, oneByte: true),
            new HistogramRoundTripTarget(),
            new LogRoundTripTarget(),
        };
        if (settings.Targets is not null)
        {
            targets = targets.Where(t => settings.Targets.Any(name => t.Name.Contains(name, StringComparison.OrdinalIgnoreCase))).ToList();
            if (targets.Count == 0)
            {
                Console.Error.WriteLine("no target matches " + string.Join(',', settings.Targets));
                return 2;
            }
        }

        int failures = new FuzzRunner(settings, targets, Console.Out).Run();
        foreach (var target in targets)
        {
            target.Dispose();
        }

        return failures == 0 ? 0 : 1;
    }
}
