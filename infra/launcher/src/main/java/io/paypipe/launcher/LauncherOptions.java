package io.paypipe.launcher;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The local launcher's command line ({@link LocalLauncher}).
 *
 * @param orders {@code --orders=N}: the demo's orders
 * @param storm {@code --storm=N}: duplicate copies for the demo's storm order
 * @param stormWave {@code --storm-wave=N}: copies pushed at a time
 * @param demo false with {@code --no-demo}
 * @param exitAfterDemo {@code --exit-after-demo}
 * @param externalSandbox {@code --sandbox=external}: the sandbox runs in a process of its
 * own (started with {@code --only=sandbox}); this JVM starts every other service, which
 * reach it at its usual port
 * @param onlySandbox {@code --only=sandbox}: this JVM runs the sandbox alone
 * @param serviceArgs {@code --service-arg=SERVICE:key=value} (repeatable): one more
 * argument for one service, e.g. {@code processor:processor.batch.enabled=false}
 */
record LauncherOptions(int orders, int storm, int stormWave, boolean demo, boolean exitAfterDemo,
        boolean externalSandbox, boolean onlySandbox, List<ServiceArg> serviceArgs) {

    /** One {@code --service-arg}. */
    record ServiceArg(PipelineService service, String key, String value) {

    }

    static LauncherOptions parse(List<String> args) {
        boolean external = false;
        boolean only = false;
        List<ServiceArg> serviceArgs = new ArrayList<>();
        for (String arg : args) {
            if (arg.startsWith("--sandbox=")) {
                String where = arg.substring("--sandbox=".length());
                if (!where.equals("external") && !where.equals("in-process")) {
                    throw new IllegalArgumentException("--sandbox=external or --sandbox=in-process, not " + arg);
                }
                external = where.equals("external");
            }
            else if (arg.startsWith("--only=")) {
                if (!arg.equals("--only=sandbox")) {
                    throw new IllegalArgumentException("--only=sandbox is the only part that starts alone, not " + arg);
                }
                only = true;
            }
            else if (arg.startsWith("--service-arg=")) {
                serviceArgs.add(serviceArg(arg.substring("--service-arg=".length())));
            }
        }
        if (external && only) {
            throw new IllegalArgumentException("--sandbox=external and --only=sandbox exclude each other");
        }
        boolean demo = !args.contains("--no-demo");
        if (external && demo) {
            throw new IllegalArgumentException(
                    "--sandbox=external needs --no-demo: the demo drives the sandbox inside this JVM");
        }
        return new LauncherOptions(intOption(args, "--orders=", 101), intOption(args, "--storm=", 1000),
                intOption(args, "--storm-wave=", 200), demo, args.contains("--exit-after-demo"), external, only,
                List.copyOf(serviceArgs));
    }

    /** {@code SERVICE:key=value}, SERVICE a {@link PipelineService} in lower case. */
    static ServiceArg serviceArg(String text) {
        int colon = text.indexOf(':');
        int equals = text.indexOf('=', colon + 1);
        if (colon <= 0 || equals <= colon + 1) {
            throw new IllegalArgumentException("--service-arg=SERVICE:key=value, not --service-arg=" + text);
        }
        String name = text.substring(0, colon);
        PipelineService service;
        try {
            service = PipelineService.valueOf(name.toUpperCase(Locale.ROOT));
        }
        catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--service-arg: no service '" + name + "' (one of "
                    + List.of(PipelineService.values()).toString().toLowerCase(Locale.ROOT) + ")");
        }
        if (!name.equals(name.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("--service-arg: the service in lower case, not '" + name + "'");
        }
        return new ServiceArg(service, text.substring(colon + 1, equals), text.substring(equals + 1));
    }

    /** The service arguments added to {@code settings}. */
    LocalPipeline.Settings applyTo(LocalPipeline.Settings settings) {
        LocalPipeline.Settings result = settings;
        for (ServiceArg arg : serviceArgs) {
            result = result.withExtra(arg.service(), arg.key(), arg.value());
        }
        return result;
    }

    private static int intOption(List<String> options, String prefix, int fallback) {
        return options.stream()
            .filter(o -> o.startsWith(prefix))
            .map(o -> Integer.parseInt(o.substring(prefix.length())))
            .findFirst()
            .orElse(fallback);
    }

}
