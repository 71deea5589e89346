package io.paypipe.support.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProductionClasspathTest {

    @Test
    void givenAListAsDependencyListWritesIt_whenRead_thenEveryRuntimeArtifactIsNamedAndTestScopeIsLeftOut(
            @TempDir Path dir) throws Exception {
        // Given a list with compile, runtime and test dependencies
        Path file = dir.resolve("runtime-dependencies.txt");
        Files.writeString(file, """

                The following files have been resolved:
                   io.paypipe:paypipe-core:jar:0.1.0-SNAPSHOT:compile -- module paypipe.core (auto)
                   com.mysql:mysql-connector-j:jar:9.7.0:runtime -- module com.mysql.cj
                   io.paypipe:paypipe-sandbox:jar:0.1.0-SNAPSHOT:compile -- module paypipe.sandbox (auto)
                   org.junit.jupiter:junit-jupiter:jar:6.0.3:test -- module org.junit.jupiter

                """);

        // When read
        var artifacts = ProductionClasspath.artifacts(file);

        // Then compile and runtime artifacts are named, the sandbox among them, test
        // scope is not
        assertThat(artifacts).containsExactly("io.paypipe:paypipe-core", "com.mysql:mysql-connector-j",
                "io.paypipe:paypipe-sandbox");
        assertThat(artifacts).containsAnyElementsOf(ProductionClasspath.NOT_IN_PRODUCTION);
    }

}
