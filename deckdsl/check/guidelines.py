"""The design guidelines of the Janken Wars GDD ("Fazendo novos baralhos para o Janken Wars" and the
passages it points to), as data.  Each rule names the guideline it enforces (`GUIDELINE = key`);
`docs/rules/README.md` is generated from this table, so a guideline with no rule shows as such.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Guideline:
    """`key`: what rules refer to.  `section`: the GDD heading.  `quote`: the sentence, as written.
    `unchecked`: why no rule checks it, when none does."""

    key: str
    section: str
    quote: str
    unchecked: str | None = None


GUIDELINES: tuple[Guideline, ...] = (
    Guideline(
        "structure", "Distribuição de cartas",
        "Use sempre a mesma estrutura do baralho padrão: 36 cartas, 12 de cada tipo (pedra, papel e "
        "tesoura), dentre as quais 6 são simples, 4 são avançadas e 2 são especiais.",
    ),
    Guideline(
        "advanced-on-table", "Distribuição de cartas",
        "Cartas avançadas são mais elaboradas, e em geral deve ter pelo menos uma na mesa.",
    ),
    Guideline(
        "rarity-power", "Raridade das cartas",
        "Sempre evite tratar raridade (simples, avançada, especial) como nível de poder das cartas.",
    ),
    Guideline(
        "rarity-complexity", "Raridade das cartas",
        "Efeitos complexos ou de grande impacto (positivo, negativo ou neutro) são bons candidatos para "
        "cartas de maior raridade, enquanto que efeitos simples e recorrentes habitam cartas de menor "
        "raridade.",
    ),
    Guideline(
        "specific-interactions", "Interações muito específicas",
        "Evite cartas que só existem para interagir com outra carta específica.",
    ),
    Guideline(
        "playtest", "Teste, teste e teste mais um pouco",
        "O melhor jeito de saber se seu baralho está legal [...] é jogando ele.",
        unchecked="a static check cannot play the deck: the simulator (`deckdsl simulate`) will",
    ),
    Guideline(
        "addenda", "Adendos às regras",
        "Se você fizer uma carta \"A\" que soma 1 nos pontos de outra carta e uma carta \"B\" que dobra os "
        "pontos de uma carta, então você precisa explicar em qual ordem esses efeitos são aplicados.",
    ),
    Guideline(
        "flavor", "\"Flavor\"",
        "Cartas devem representar objetos que encontramos no nosso dia-a-dia em todos os seus aspectos: "
        "nome, arte e, principalmente, efeito.",
        unchecked="whether a name evokes an everyday object is a judgement a program cannot make",
    ),
    Guideline(
        "reference-card", "Por onde começar",
        "Uma carta que vale 4 pontos e tem um efeito positivo é estritamente melhor que o \"Origami "
        "Sublime\", logo é quase certamente desbalanceada.",
    ),
    Guideline(
        "paper-value", "Por onde começar",
        "Cartas do tipo papel costumam valer mais pontos por causa do flavor delas.",
    ),
    Guideline(
        "above-four", "Por onde começar",
        "Se elas tiverem [mais que 4 pontos], o efeito delas precisa contrabalancear isso de alguma "
        "maneira. Por exemplo, ela pode exigir que você descarte uma carta do seu domínio.",
    ),
    Guideline(
        "less-is-more", "Menos é mais",
        "Se na hora de escrever um efeito que você pensou você notar que não dá para expressar esse efeito "
        "em poucas palavras, então é uma melhor rever o projeto da carta.",
    ),
    Guideline(
        "action-and-condition", "Menos é mais",
        "Em particular, evite ao máximo que uma carta tenha uma ação e uma condição ao mesmo tempo.",
    ),
    Guideline(
        "names", "Nomes",
        "Sugerimos usar sempre um substantivo e um adjetivo, como em \"Origami Sublime\" ou \"Joia "
        "Cobiçada\".",
    ),
    Guideline(
        "small-domains", "Questões de balanceamento > Domínio pequenos",
        "Nas primeiras versões, estrelas custavam apenas 6 pontos. Graças a isso, em geral um domínio não "
        "passava de mais do que 3 cartas, de forma que o Muro Alto raramente tinha o que proteger.",
    ),
    Guideline(
        "hoarding", "Questões de balanceamento > Acúmulo de Domínio",
        "Antes de ser o Rolo Compressor, essa carta tinha a condição de reduzir em 1 o valor de todas as "
        "cartas do oponente. Era uma carta que você normalmente não queria perder, incentivando o acúmulo.",
    ),
    Guideline(
        "star-action", "Fazendo novos baralhos para o Janken Wars",
        "Uma carta com a ação \"Ganhe uma estrela\" é perfeitamente válida, embora seja possivelmente "
        "desbalanceada ou simplesmente chata.",
    ),
)

BY_KEY = {guideline.key: guideline for guideline in GUIDELINES}
