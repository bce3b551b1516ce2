using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading;

namespace HdrHistogram.Fuzz;

/// <summary>
/// Runs the targets for the time given, each getting an equal share of it (the one that has had the least time goes
/// next), counts inputs per target, and writes every failing input (up to 20 per target) with what went wrong. A
/// watchdog ends the run when one input takes longer than the hang limit, writing that input first.
/// </summary>
internal sealed class FuzzRunner
{
    private const int MaxWrittenPerTarget = 20;

    private readonly FuzzSettings _settings;
    private readonly IReadOnlyList<FuzzTarget> _targets;
    private readonly TextWriter _out;
    private readonly Stats[] _stats;
    private readonly object _gate = new();
    private long _currentStart = -1;
    private FuzzInput? _currentInput;
    private int _currentTarget;
    private int _currentSeed;

    public FuzzRunner(FuzzSettings settings, IReadOnlyList<FuzzTarget> targets, TextWriter output)
    {
        _settings = settings;
        _targets = targets;
        _out = output;
        _stats = targets.Select(_ => new Stats()).ToArray();
    }

    /// <summary>Runs; returns the number of failing inputs.</summary>
    public int Run()
    {
        var master = new Random(_settings.Seed);
        var clock = Stopwatch.StartNew();
        var watchdog = new Thread(Watch) { IsBackground = true, Name = "fuzz watchdog" };
        watchdog.Start();
        long budget = (long)(_settings.Seconds * Stopwatch.Frequency);
        while (clock.ElapsedTicks < budget)
        {
            int t = 0;
            for (int i = 1; i < _targets.Count; i++)
            {
                if (_stats[i].Ticks < _stats[t].Ticks)
                {
                    t = i;
                }
            }

            int iterationSeed = master.Next();
            var random = new Random(iterationSeed);
            var target = _targets[t];
            var stats = _stats[t];
            long started = Stopwatch.GetTimestamp();
            FuzzInput input;
            try
            {
                input = target.Generate(random);
            }
            catch (Exception e)
            {
                // A generator bug is a failure too: it would hide inputs.
                input = new FuzzInput(Array.Empty<byte>(), -1, "(the generator failed)");
                stats.Inputs++;
                Fail(t, iterationSeed, input, e);
                stats.Ticks += Stopwatch.GetTimestamp() - started;
                continue;
            }

            lock (_gate)
            {
                _currentInput = input;
                _currentTarget = t;
                _currentSeed = iterationSeed;
                _currentStart = Stopwatch.GetTimestamp();
            }

            stats.Inputs++;
            try
            {
                if (target.Run(input, random))
                {
                    stats.Accepted++;
                }
                else
                {
                    stats.Rejected++;
                }
            }
            catch (HistogramFormatException)
            {
                stats.Rejected++;
            }
            catch (Exception e)
            {
                Fail(t, iterationSeed, input, e);
            }
            finally
            {
                lock (_gate)
                {
                    _currentStart = -1;
                    _currentInput = null;
                }
            }

            stats.Ticks += Stopwatch.GetTimestamp() - started;
        }

        return Report(clock.Elapsed.TotalSeconds);
    }

    private int Report(double seconds)
    {
        int failures = _stats.Sum(s => s.Failures);
        _out.WriteLine(string.Create(CultureInfo.InvariantCulture, $"fuzz: seed {_settings.Seed}, {seconds:F1} s, {_targets.Count} targets"));
        _out.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{"target",-32} {"inputs",9} {"accepted",9} {"rejected",9} {"failing",8}"));
        for (int i = 0; i < _targets.Count; i++)
        {
            var s = _stats[i];
            _out.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{_targets[i].Name,-32} {s.Inputs,9} {s.Accepted,9} {s.Rejected,9} {s.Failures,8}"));
        }

        _out.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{"total",-32} {_stats.Sum(s => s.Inputs),9} {_stats.Sum(s => s.Accepted),9} {_stats.Sum(s => s.Rejected),9} {failures,8}"));
        _out.WriteLine(failures == 0
            ? "fuzz: no failing input"
            : string.Create(CultureInfo.InvariantCulture, $"fuzz: {failures} failing inputs, written to {Path.GetFullPath(_settings.OutputFolder)}"));
        return failures;
    }

    private void Fail(int target, int iterationSeed, FuzzInput input, Exception e)
    {
        lock (_gate)
        {
            var stats = _stats[target];
            stats.Failures++;
            if (stats.Failures > MaxWrittenPerTarget)
            {
                return;
            }

            Directory.CreateDirectory(_settings.OutputFolder);
            string name = Path.Combine(_settings.OutputFolder, Slug(_targets[target].Name) + "-" + stats.Failures.ToString("D3", CultureInfo.InvariantCulture));
            File.WriteAllBytes(name + ".bin", input.Bytes);
            File.WriteAllText(name + ".txt", string.Create(CultureInfo.InvariantCulture,
                $"target: {_targets[target].Name}\nrun seed: {_settings.Seed}\niteration seed: {iterationSeed}\ninput: {input.Description} ({input.Bytes.Length} bytes)\n\n{e}\n"));
            _out.WriteLine(string.Create(CultureInfo.InvariantCulture, $"FAIL {_targets[target].Name}: {input.Description}: {e.GetType().Name}: {e.Message} ({name}.bin)"));
        }
    }

    private void Watch()
    {
        long limit = (long)(_settings.HangSeconds * Stopwatch.Frequency);
        while (true)
        {
            Thread.Sleep(200);
            lock (_gate)
            {
                if (_currentStart >= 0 && _currentInput is not null && Stopwatch.GetTimestamp() - _currentStart > limit)
                {
                    var hang = new TimeoutException(string.Create(CultureInfo.InvariantCulture, $"the input ran longer than {_settings.HangSeconds} s (a hang)"));
                    Monitor.Exit(_gate);
                    Fail(_currentTarget, _currentSeed, _currentInput, hang);
                    Report(double.NaN);
                    _out.Flush();
                    Environment.Exit(1);
                }
            }
        }
    }

    private static string Slug(string name) => new(name.Select(c => char.IsLetterOrDigit(c) ? c : '-').ToArray());

    private sealed class Stats
    {
        public long Inputs;
        public long Accepted;
        public long Rejected;
        public int Failures;
        public long Ticks;
    }
}
