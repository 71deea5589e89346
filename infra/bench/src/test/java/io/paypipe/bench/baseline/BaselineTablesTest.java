package io.paypipe.bench.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BaselineTablesTest {

    @Test
    void escapesLikeWildcardsSoThePrefixMatchesLiterally() {
        // Given a run prefix with LIKE's wildcards and the escape character in it
        String prefix = "run_1%\\x";

        // When it becomes a LIKE pattern
        String pattern = BaselineTables.likePrefix(prefix);

        // Then only the trailing % is a wildcard
        assertThat(pattern).isEqualTo("run\\_1\\%\\\\x%");
    }

}
