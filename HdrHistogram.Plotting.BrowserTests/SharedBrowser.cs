using System;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Playwright;

namespace HdrHistogram.Plotting.BrowserTests;

/// <summary>
/// One Playwright driver and one headless Chromium for a test class, started on first use and closed after the class;
/// each test opens a context of its own, which shares no state (cookies, storage, cache) with the others.
/// </summary>
public sealed class SharedBrowser : IAsyncDisposable
{
    private readonly SemaphoreSlim _gate = new(1, 1);
    private IPlaywright? _playwright;
    private IBrowser? _browser;

    /// <summary>The browser, launched by the first caller.</summary>
    public async Task<IBrowser> GetAsync()
    {
        await _gate.WaitAsync();
        try
        {
            if (_browser is null)
            {
                _playwright = await Playwright.CreateAsync();
                _browser = await _playwright.Chromium.LaunchAsync(new BrowserTypeLaunchOptions
                {
                    ExecutablePath = Chromium.Path,
                    Headless = true,
                    Args = new[] { "--no-sandbox", "--disable-gpu" },
                });
            }

            return _browser;
        }
        finally
        {
            _gate.Release();
        }
    }

    /// <inheritdoc />
    public async ValueTask DisposeAsync()
    {
        if (_browser is not null)
        {
            await _browser.DisposeAsync();
        }

        _playwright?.Dispose();
        _gate.Dispose();
    }
}
