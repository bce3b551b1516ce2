using System;
using System.Collections.Generic;

namespace Compat250.Behaviour;

internal static class TagScenarios
{
    public static IEnumerable<KeyValuePair<string, Func<string>>> All()
    {
        yield break;
    }
}
