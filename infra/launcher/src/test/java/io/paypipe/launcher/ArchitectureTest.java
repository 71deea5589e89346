package io.paypipe.launcher;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackages;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.Slice;
import java.util.List;
import java.util.Map;

/**
 * The dependency rules of the README's module table, checked on the production classes of
 * every module (the launcher depends on all of them but the benchmark, so they are all on
 * its test classpath; channel-clients and service-support come with the services):
 * {@code core} depends on nothing of ours, {@code channel-clients} and
 * {@code service-support} on core only, the services do not depend on each other nor on
 * infra (they may depend on core, channel-clients and service-support), and ingress's
 * channels, like channel-clients' channels, do not depend on each other. Every rule fails
 * on an empty selection (ArchUnit's {@code archRule.failOnEmptyShould}, left on), and
 * {@link #givenTheClasspathWhenImportedThenEveryModulesProductionClassesAreRead} fails
 * when a module was not read.
 */
@AnalyzeClasses(packages = "io.paypipe", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    private static final String CORE = "io.paypipe.core..";

    private static final String CHANNEL_CLIENTS = "io.paypipe.channel..";

    private static final String SUPPORT = "io.paypipe.support..";

    private static final List<String> SERVICES = List.of("ingress", "processor", "refund", "reconcile");

    /**
     * {@code bench} is not on this classpath (nothing depends on it): a dependency on it
     * is still seen by name.
     */
    private static final String[] INFRA = { "io.paypipe.sandbox..", "io.paypipe.embedded..", "io.paypipe.downstream..",
            "io.paypipe.auditor..", "io.paypipe.launcher..", "io.paypipe.bench.." };

    private static final List<String> CHANNELS = List.of("wechatpay", "alipay", "stripe");

    /**
     * The fewest production classes each package must have here, well below today's
     * counts.
     */
    private static final Map<String, Integer> AT_LEAST = Map.ofEntries(Map.entry(CORE, 20), Map.entry(SUPPORT, 15),
            Map.entry(CHANNEL_CLIENTS, 15), Map.entry("io.paypipe.channel.wechatpay..", 5),
            Map.entry("io.paypipe.channel.alipay..", 3), Map.entry("io.paypipe.channel.stripe..", 3),
            Map.entry("io.paypipe.ingress..", 30), Map.entry("io.paypipe.processor..", 25),
            Map.entry("io.paypipe.refund..", 2), Map.entry("io.paypipe.reconcile..", 2),
            Map.entry("io.paypipe.ingress.wechatpay..", 8), Map.entry("io.paypipe.ingress.alipay..", 5),
            Map.entry("io.paypipe.ingress.stripe..", 5), Map.entry("io.paypipe.sandbox..", 20),
            Map.entry("io.paypipe.embedded..", 3), Map.entry("io.paypipe.downstream..", 5),
            Map.entry("io.paypipe.auditor..", 8), Map.entry("io.paypipe.launcher..", 5));

    @ArchTest
    static void givenTheClasspathWhenImportedThenEveryModulesProductionClassesAreRead(JavaClasses classes) {
        AT_LEAST.forEach(
                (pkg, min) -> assertThat(classes.that(resideInAPackage(pkg)).size()).as("production classes in %s", pkg)
                    .isGreaterThanOrEqualTo(min));
        assertThat(classes.contain(ArchitectureTest.class)).as("test classes are left out").isFalse();
        assertThat(classes.stream().map(JavaClass::getSimpleName).filter(n -> n.endsWith("Test")).toList())
            .as("test classes are left out")
            .isEmpty();
    }

    @ArchTest
    static final ArchRule coreDependsOnNothingOfOursOutsideCore = noClasses().that()
        .resideInAPackage(CORE)
        .should()
        .dependOnClassesThat(resideInAPackage("io.paypipe..").and(resideOutsideOfPackage(CORE)))
        .because("core holds the contracts every module shares");

    @ArchTest
    static final ArchRule channelClientsDependOnCoreOnly = noClasses().that()
        .resideInAPackage(CHANNEL_CLIENTS)
        .should()
        .dependOnClassesThat(resideInAPackage("io.paypipe..").and(resideOutsideOfPackage(CORE))
            .and(resideOutsideOfPackage(CHANNEL_CLIENTS)))
        .because("the channels' clients are shared by the services that call the channels: they know the "
                + "contracts of core and the channels' SDKs, nothing of a service or of infra");

    @ArchTest
    static final ArchRule channelClientsChannelsDoNotDependOnEachOther = slices().matching("io.paypipe.channel.(*)..")
        .namingSlices("channel client $1")
        .that(namePartIn("are channels", CHANNELS))
        .should()
        .notDependOnEachOther()
        .because("what the channels' clients share lives in channel-clients' common packages");

    @ArchTest
    static final ArchRule supportDependsOnCoreOnly = noClasses().that()
        .resideInAPackage(SUPPORT)
        .should()
        .dependOnClassesThat(resideInAPackage("io.paypipe..").and(resideOutsideOfPackages(CORE, SUPPORT)))
        .because("service-support is the plumbing the services share: it knows the contracts, never a service "
                + "nor the infrastructure around the product");

    @ArchTest
    static final ArchRule servicesDoNotDependOnEachOther = slices().matching("io.paypipe.(*)..")
        .namingSlices("service $1")
        .that(namePartIn("are services", SERVICES))
        .should()
        .notDependOnEachOther()
        .because("each service is built and run on its own; what they share is in core and service-support");

    @ArchTest
    static final ArchRule servicesDoNotDependOnInfra = noClasses().that()
        .resideInAnyPackage(SERVICES.stream().map(s -> "io.paypipe." + s + "..").toArray(String[]::new))
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(INFRA)
        .because("the sandbox, the embedded infrastructure, the reference consumers, the auditor, the launcher "
                + "and the benchmark stand around the product and are never part of it");

    @ArchTest
    static final ArchRule ingressChannelsDoNotDependOnEachOther = slices().matching("io.paypipe.ingress.(*)..")
        .namingSlices("ingress channel $1")
        .that(namePartIn("are channels", CHANNELS))
        .should()
        .notDependOnEachOther()
        .because("what the channels share lives in ingress's common packages");

    private static DescribedPredicate<Slice> namePartIn(String description, List<String> names) {
        return DescribedPredicate.describe(description, slice -> names.contains(slice.getNamePart(1)));
    }

}
