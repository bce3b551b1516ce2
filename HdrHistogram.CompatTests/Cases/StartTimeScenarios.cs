using System;
using System.Collections.Generic;

namespace Compat250.Behaviour;

internal static class StartTimeScenarios
{
    public static IEnumerable<KeyValuePair<string, Func<string>>> All()
    {
        yield break;
    }
}
